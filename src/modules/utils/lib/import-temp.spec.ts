import { importTempIsLeftover, importTempName } from './import-temp';

const ID = '0b6b8d38-2a5e-4f8c-9b3a-3f0c6f1f2d4e';
const HOUR = 3_600_000;
const gone = (tag: string) => tag === 'web-1~300~dead0001';

describe('importTempIsLeftover', () => {
  it.each<[string, string, number, boolean]>([
    ['a copy whose importer stopped', importTempName(ID, 'web-1~300~dead0001'), 1000, true],
    ['a copy still being imported', importTempName(ID, 'web-1~301~live0001'), 1000, false],
    ['a copy older than the longest import', importTempName(ID, 'web-1~301~live0001'), 2 * HOUR, true],
    ['an untagged copy, recent', `vellum-import-${ID}`, 1000, false],
    ['an untagged copy, old', `vellum-import-${ID}`, 2 * HOUR, true],
    ["somebody else's file", 'other-tool-123', 2 * HOUR, false],
  ])('%s', (_name, file, age, leftover) => {
    expect(importTempIsLeftover(file, age, HOUR, gone)).toBe(leftover);
  });

  it('names the importing process', () => {
    expect(importTempName(ID, 'web-1~300~dead0001')).toBe(`vellum-import-${ID}_web-1~300~dead0001`);
  });
});

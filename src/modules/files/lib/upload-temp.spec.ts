import { fileIdOfTemp, tempFate, uploadTempKey } from './upload-temp';

const ID = '0b6b8d38-2a5e-4f8c-9b3a-3f0c6f1f2d4e';
const HOUR = 3_600_000;

describe('upload temporary objects', () => {
  it('names the file id and reads it back', () => {
    expect(uploadTempKey(ID)).toBe(`temp_upload_${ID}`);
    expect(fileIdOfTemp(uploadTempKey(ID))).toBe(ID);
  });

  it.each([['temp_1234.png'], ['temp_upload_not-a-uuid'], [`${ID}.png`]])('reads no file id from %s', (key) => {
    expect(fileIdOfTemp(key)).toBeNull();
  });

  it.each([
    ['a recent object, whatever it is', uploadTempKey(ID), 60_000, { filename_disk: `${ID}.png` }, false, 'keep'],
    ['an upload committed but never moved', uploadTempKey(ID), HOUR, { filename_disk: `${ID}.png` }, false, 'move'],
    ['an upload whose row never committed', uploadTempKey(ID), HOUR, null, false, 'delete'],
    ['an upload already in place', uploadTempKey(ID), HOUR, { filename_disk: `${ID}.png` }, true, 'delete'],
    ['a replacement left behind', 'temp_5f1c.png', HOUR, null, false, 'delete'],
  ] as const)('%s: %s', (_name, key, age, row, exists, fate) => {
    expect(tempFate(key, age, 10 * 60_000, row, exists)).toBe(fate);
  });
});

import { mergeHeaderLists } from './tus-cors';

describe('mergeHeaderLists', () => {
  it.each<[Parameters<typeof mergeHeaderLists>, string]>([
    [
      ['Content-Range', 'Location, Upload-Offset', 'Directus-File-Id'],
      'Content-Range, Location, Upload-Offset, Directus-File-Id',
    ],
    [[undefined, 'Location'], 'Location'],
    [['Location', ' Location ,Upload-Offset'], 'Location, Upload-Offset'],
    [['', undefined], ''],
  ])('%j → %s', (lists, merged) => {
    expect(mergeHeaderLists(...lists)).toBe(merged);
  });
});

import { fileIdOfTemp, putTempKey, replaceTempKey, tempFate, tempOwnerGone, uploadTempKey } from './upload-temp';

const ID = '0b6b8d38-2a5e-4f8c-9b3a-3f0c6f1f2d4e';
const HOUR = 3_600_000;

describe('upload temporary objects', () => {
  it('names the file id and its writer, and reads both back', () => {
    expect(uploadTempKey(ID, 'web-1~100~aaaa1111')).toBe(`temp_upload_${ID}_web-1~100~aaaa1111`);
    expect(fileIdOfTemp(uploadTempKey(ID))).toBe(ID);
    expect(fileIdOfTemp(`temp_upload_${ID}`)).toBe(ID);
    const seen: string[] = [];
    expect(tempOwnerGone(uploadTempKey(ID, 'web-1~300~bbbb2222'), (tag) => seen.push(tag) > 0)).toBe(true);
    expect(seen).toEqual(['web-1~300~bbbb2222']);
  });

  it.each([
    [replaceTempKey(ID, '.png', 'web-1~300~bbbb2222'), 'web-1~300~bbbb2222'],
    [replaceTempKey(ID, '', 'host.example.com~7~cc33'), 'host.example.com~7~cc33'],
    [replaceTempKey(ID, '.tar', 'web-1~300~bbbb2222'), 'web-1~300~bbbb2222'],
    [putTempKey(ID, 'web-1~300~bbbb2222'), 'web-1~300~bbbb2222'],
  ])('reads the writer of the temporary %s', (key, owner) => {
    const seen: string[] = [];
    expect(tempOwnerGone(key, (tag) => seen.push(tag) > 0)).toBe(true);
    expect(seen).toEqual([owner]);
    expect(fileIdOfTemp(key)).toBeNull();
  });

  it.each([
    [`temp_upload_${ID}`],
    ['temp_1234.png'],
    [uploadTempKey(ID)],
    [replaceTempKey(ID, '.png')],
    [`temp_replace_${ID}.png`],
  ])('knows no stopped writer of %s', (key) => {
    expect(tempOwnerGone(key)).toBe(false);
  });

  it.each([['temp_1234.png'], ['temp_upload_not-a-uuid'], [`${ID}.png`], [`temp_upload_${ID}x`]])(
    'reads no file id from %s',
    (key) => {
      expect(fileIdOfTemp(key)).toBeNull();
    },
  );

  it.each([
    ['a recent object, whatever it is', uploadTempKey(ID), 60_000, { filename_disk: `${ID}.png` }, false, 'keep'],
    ['an upload committed but never moved', uploadTempKey(ID), HOUR, { filename_disk: `${ID}.png` }, false, 'move'],
    ['an upload whose row never committed', uploadTempKey(ID), HOUR, null, false, 'delete'],
    ['an upload already in place', uploadTempKey(ID), HOUR, { filename_disk: `${ID}.png` }, true, 'delete'],
    ['a replacement left behind', 'temp_5f1c.png', HOUR, null, false, 'delete'],
    ['a recent upload whose writer stopped', uploadTempKey(ID), 60_000, null, false, 'delete', true],
    [
      'a recent upload of a stopped writer, committed',
      uploadTempKey(ID),
      60_000,
      { filename_disk: `${ID}.png` },
      false,
      'move',
      true,
    ],
    ['a recent replacement whose writer stopped', replaceTempKey(ID, '.png'), 60_000, null, false, 'delete', true],
    ['a recent replacement still being written', replaceTempKey(ID, '.png'), 60_000, null, false, 'keep'],
    ['a disk write whose writer stopped', putTempKey(ID), 60_000, null, false, 'delete', true],
  ] as [string, string, number, { filename_disk: string } | null, boolean, string, boolean?][])(
    '%s: %s',
    (_name, key, age, row, exists, fate, gone = false) => {
      expect(tempFate(key, age, 10 * 60_000, row, exists, gone)).toBe(fate);
    },
  );
});

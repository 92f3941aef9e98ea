import { reservedDiskName, shareVariants, variantStem } from './disk-name';

describe(reservedDiskName.name, () => {
  it.each([
    ['abc.jpg', false],
    ['sub/dir/my-photo_1.jpg', false],
    ['not_temp_upload.png', false],
    ['abc__0123456789abcdef0123456789abcdef01234567.png', true],
    ['abc__anything.jpg', true],
    ['dir__x/abc.jpg', true],
    ['temp_upload_0b6f6f8e-3c3a-4c2c-9a55-3a1f7d6c9e11_host~1~a', true],
    ['temp_replace_x.jpg', true],
  ])('%s reserved: %s', (key, reserved) => expect(reservedDiskName(key) !== null).toBe(reserved));
});

describe(shareVariants.name, () => {
  it.each([
    ['abc.jpg', 'abc.png', true],
    ['abc.jpg', 'abc', true],
    ['dir/abc.tar.gz', 'dir/abc.tar.jpg', true],
    ['abc.jpg', 'abcd.jpg', false],
    ['abc.jpg', 'dir/abc.jpg', false],
    ['ab.c.jpg', 'abc.jpg', false],
  ])('%s and %s: %s', (a, b, shared) => expect(shareVariants(a, b)).toBe(shared));
});

describe(variantStem.name, () => {
  it.each([
    ['abc.jpg', 'abc'],
    ['abc', 'abc'],
    ['dir.v2/abc.tar.gz', 'dir.v2/abc.tar'],
  ])('%s → %s', (key, stem) => expect(variantStem(key)).toBe(stem));
});

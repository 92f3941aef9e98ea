import { bareType, extensionForType, extensionOf, mimeTypeAllowed } from './mime';

describe(extensionForType.name, () => {
  it.each([
    ['image/jpeg', '.jpg'],
    ['IMAGE/PNG; charset=binary', '.png'],
    ['application/x-unknown', ''],
    [null, ''],
  ])('%j → %j', (type, expected) => expect(extensionForType(type)).toBe(expected));
});

describe(extensionOf.name, () => {
  it.each([
    ['photo.JPG', '.jpg'],
    ['archive.tar.gz', '.gz'],
    ['README', ''],
    ['.env', ''],
    ['weird.', ''],
  ])('%j → %j', (name, expected) => expect(extensionOf(name)).toBe(expected));
});

describe(mimeTypeAllowed.name, () => {
  it.each([
    ['image/png', ['*/*'], true],
    ['image/png', ['image/*'], true],
    ['text/plain', ['image/*'], false],
    ['image/svg+xml', ['image/svg+xml'], true],
    ['image/svgaxml', ['image/svg+xml'], false],
    ['application/pdf; charset=x', ['application/pdf'], true],
    ['Image/JPEG', ['image/jpeg', 'video/*'], true],
  ])('%j against %j → %s', (type, patterns, expected) => expect(mimeTypeAllowed(type, patterns)).toBe(expected));
});

describe(bareType.name, () => {
  it.each([
    ['text/plain; charset=utf-8', 'text/plain'],
    ['Image/PNG', 'image/png'],
    ['', null],
    ['not a media type', null],
    ['text', null],
    ['text/html\r\nX: y', null],
    [undefined, null],
  ])('%j → %j', (input, expected) => expect(bareType(input)).toBe(expected));
});

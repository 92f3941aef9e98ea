import { formatTitle } from './format-title';

describe(formatTitle.name, () => {
  it.each([
    ['photo.jpg', 'Photo'],
    ['my-holiday_photo.jpeg', 'My Holiday Photo'],
    ['the-end-of-the-road.png', 'The End of the Road'],
    ['camelCaseName.webp', 'Camel Case Name'],
    ['archive.tar.gz', 'Archive Tar'],
    ['README', 'README'],
    ['.env', 'Env'],
  ])('%j → %j', (input, expected) => expect(formatTitle(input)).toBe(expected));

  it.each([
    ['acc-remote-image.png', 'Acc Remote Image.png'],
    ['the_end-of-it.tar.gz', 'The End of It Tar.gz'],
    ['README', 'README'],
  ])('keeping the extension: %j → %j', (input, expected) =>
    expect(formatTitle(input, { keepExtension: true })).toBe(expected),
  );
});

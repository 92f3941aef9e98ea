import { contentDisposition } from './content-disposition';

describe(contentDisposition.name, () => {
  it.each([
    ['inline', 'photo.jpg', 'inline; filename="photo.jpg"'],
    ['attachment', 'photo.jpg', 'attachment; filename="photo.jpg"'],
    ['inline', 'a"b.jpg', `inline; filename="a_b.jpg"; filename*=UTF-8''a%22b.jpg`],
    ['inline', 'café.png', `inline; filename="caf_.png"; filename*=UTF-8''caf%C3%A9.png`],
    ['inline', 'x\r\nSet-Cookie: y', `inline; filename="x__Set-Cookie: y"; filename*=UTF-8''x%0D%0ASet-Cookie%3A%20y`],
  ] as const)('%s %j', (type, name, expected) => expect(contentDisposition(type, name)).toBe(expected));
});

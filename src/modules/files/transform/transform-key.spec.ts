import { transformKey, variantPrefix } from './transform-key';

describe(transformKey.name, () => {
  const ops = [['resize', { width: 10, height: 20, fit: 'cover' }]];
  it('is deterministic and ignores member order', () => {
    expect(transformKey('abc.jpg', ops, 'webp')).toBe(
      transformKey('abc.jpg', [['resize', { fit: 'cover', height: 20, width: 10 }]], 'webp'),
    );
  });
  it.each([
    ['abc.jpg', ops, 'webp', /^abc__[0-9a-f]{40}\.webp$/],
    ['abc', ops, 'jpeg', /^abc__[0-9a-f]{40}\.jpg$/],
    ['dir/abc.png', [], 'png', /^dir\/abc__[0-9a-f]{40}\.png$/],
  ] as const)('%s %j %s', (disk, operations, format, pattern) =>
    expect(transformKey(disk, [...operations], format)).toMatch(pattern),
  );
  it.each([
    [[['resize', { width: 10 }]], [['resize', { width: 11 }]]],
    [[['blur', 1]], [['blur', 2]]],
  ])('differs for %j and %j', (a, b) =>
    expect(transformKey('x.jpg', a, 'png')).not.toBe(transformKey('x.jpg', b, 'png')),
  );
  it('differs by format', () => expect(transformKey('x.jpg', ops, 'png')).not.toBe(transformKey('x.jpg', ops, 'webp')));
});

describe(variantPrefix.name, () => {
  it.each([
    ['abc.jpg', 'abc__'],
    ['abc', 'abc__'],
    ['dir.v2/abc.tar.gz', 'dir.v2/abc.tar__'],
  ])('%s → %s', (disk, expected) => expect(variantPrefix(disk)).toBe(expected));
});

import { chunks, inChunks, keysPerStatement } from './key-lists';

describe(chunks.name, () => {
  it.each([
    { list: [], size: 2, expected: [] },
    { list: [1, 2, 3], size: 2, expected: [[1, 2], [3]] },
    { list: [1, 2], size: 2, expected: [[1, 2]] },
  ])('$list in slices of $size → $expected', ({ list, size, expected }) =>
    expect(chunks(list, size)).toEqual(expected),
  );

  it('slices 500 at a time by default', () =>
    expect(chunks(Array.from({ length: 1001 }, (_, i) => i)).map((part) => part.length)).toEqual([500, 500, 1]));
});

describe(keysPerStatement.name, () => {
  it.each([
    { max: 32766, expected: 8191 },
    { max: 65535, expected: 16383 },
    { max: 999, expected: 500 },
  ])('$max bound values → $expected keys', ({ max, expected }) => expect(keysPerStatement(max)).toBe(expected));
});

describe(inChunks.name, () => {
  it('reads slice after slice and answers what they found, in order', async () => {
    const seen: number[][] = [];
    const found = await inChunks(
      Array.from({ length: 501 }, (_, i) => i),
      async (part) => {
        seen.push(part);
        return part.filter((n) => n % 250 === 0);
      },
    );
    expect(seen.map((part) => part.length)).toEqual([500, 1]);
    expect(found).toEqual([0, 250, 500]);
  });
});

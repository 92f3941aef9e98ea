import { hashItem } from './hash-item';

describe(hashItem.name, () => {
  // Fixed vectors of object-hash's defaults: a client of the reference platform computes the same strings.
  it.each([
    [{}, '323217f643c3e3f1fe7532e72ac01bb0748c97be'],
    [{ id: 1, title: 'Hello' }, 'ce8201426743c9507d62708c34f1afbb8bab637d'],
    [{ id: '1', tags: ['a'], at: null }, '0a78577470e27529e356093d199827d2f4f47c48'],
  ])('hashes %j', (item, expected) => expect(hashItem(item)).toBe(expected));

  it('ignores the order of keys', () =>
    expect(hashItem({ title: 'Hello', id: 1 })).toBe(hashItem({ id: 1, title: 'Hello' })));

  it.each([
    ['a changed value', { id: 1, title: 'a' }, { id: 1, title: 'b' }],
    ['a number sent as a string', { id: 1 }, { id: '1' }],
    ['null against a missing field', { id: 1, title: null }, { id: 1 }],
    ['a reordered list', { id: 1, tags: [1, 2] }, { id: 1, tags: [2, 1] }],
  ])('differs for %s', (_label, a, b) => expect(hashItem(a)).not.toBe(hashItem(b)));
});

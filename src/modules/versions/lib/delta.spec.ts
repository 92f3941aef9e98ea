import { InvalidPayloadError } from '../../../common/errors/errors';
import { asChanges, deltaOf, mergeDelta, pickDelta } from './delta';

describe(mergeDelta.name, () => {
  it.each([
    [null, { title: 'a' }, { title: 'a' }],
    [{ title: 'a' }, { body: 'b' }, { title: 'a', body: 'b' }],
    [{ title: 'a' }, { title: 'b' }, { title: 'b' }],
    [{ title: 'a' }, { title: null }, { title: null }],
    [{ meta: { a: 1, b: 2 } }, { meta: { a: 3 } }, { meta: { a: 3 } }],
    [
      { comments: [{ text: 'x' }] },
      { comments: { create: [{ text: 'y' }] } },
      { comments: { create: [{ text: 'y' }] } },
    ],
    [{ title: 'a' }, {}, { title: 'a' }],
  ])('merges %j with %j', (stored, changes, expected) => expect(mergeDelta(stored, changes)).toEqual(expected));
});

describe(asChanges.name, () => {
  it('accepts an object', () => expect(asChanges({ title: 'a' })).toEqual({ title: 'a' }));
  it.each([[null], [[{ title: 'a' }]], ['title'], [3]])('refuses the body %j', (body) =>
    expect(() => asChanges(body)).toThrow(InvalidPayloadError),
  );
});

describe(pickDelta.name, () => {
  it.each([
    [{ title: 'a', body: 'b' }, undefined, { title: 'a', body: 'b' }],
    [{ title: 'a', body: 'b' }, ['title'], { title: 'a' }],
    [{ title: 'a', body: 'b' }, ['other'], {}],
    [{ title: 'a', body: 'b' }, [], {}],
  ])('picks from %j the fields %j', (delta, fields, expected) => expect(pickDelta(delta, fields)).toEqual(expected));
});

describe(deltaOf.name, () => {
  it.each([
    [null, null],
    [{}, null],
    ['{"a":1}', null],
    [[1], null],
    [{ title: 'a' }, { title: 'a' }],
  ])('reads %j as %j', (stored, expected) => expect(deltaOf(stored)).toEqual(expected));
});

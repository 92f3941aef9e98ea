import { DeltaSchema, mapDelta, stampDelta, stripMarkers } from './delta-markers';

/** articles (user_updated, date_updated) → author m2o authors; comments o2m (user_created, date_created). */
const schema: DeltaSchema = {
  primary: () => 'id',
  specials: (collection) =>
    collection === 'articles'
      ? [
          { field: 'user_updated', special: ['user-updated'] },
          { field: 'date_updated', special: ['date-updated'] },
        ]
      : collection === 'comments'
        ? [
            { field: 'user_created', special: ['user-created'] },
            { field: 'date_created', special: ['date-created'] },
          ]
        : [],
  relation: (collection, field) =>
    collection === 'articles' && field === 'author'
      ? { type: 'm2o', related: 'authors' }
      : collection === 'articles' && field === 'comments'
        ? { type: 'o2m', related: 'comments' }
        : null,
};

const U = 'u1';
const D = '2026-01-01T00:00:00.000Z';

describe(stampDelta.name, () => {
  it.each([
    ['the root', { title: 'a' }, null, { title: 'a', _user: U, _date: D }],
    [
      'a many-to-one object',
      { author: { name: 'x' } },
      null,
      { author: { name: 'x', _user: U, _date: D }, _user: U, _date: D },
    ],
    [
      'one-to-many entries',
      { comments: [1, { text: 'y' }] },
      null,
      { comments: [1, { text: 'y', _user: U, _date: D }], _user: U, _date: D },
    ],
    [
      'change set entries',
      { comments: { create: [{ text: 'y' }], delete: [2] } },
      null,
      { comments: { create: [{ text: 'y', _user: U, _date: D }], delete: [2] }, _user: U, _date: D },
    ],
    ['not a JSON value', { meta: { a: 1 } }, null, { meta: { a: 1 }, _user: U, _date: D }],
    [
      'not an object equal to the stored one',
      { author: { name: 'x', _user: 'u0', _date: 'd0' } },
      { title: 'old', author: { name: 'x', _user: 'u0', _date: 'd0' } },
      { author: { name: 'x', _user: 'u0', _date: 'd0' }, _user: U, _date: D },
    ],
  ])('marks %s', (_label, changes, stored, expected) =>
    expect(stampDelta(changes, stored, 'articles', schema, U, D)).toEqual(expected),
  );
});

describe(stripMarkers.name, () => {
  it.each([
    [{ title: 'a', _user: U, _date: D }, { title: 'a' }],
    [{ author: { name: 'x', _user: U, _date: D }, _user: U }, { author: { name: 'x' } }],
    [
      { comments: { create: [{ text: 'y', _user: U }], update: [{ id: 3, _date: D }] } },
      { comments: { create: [{ text: 'y' }], update: [{ id: 3 }] } },
    ],
    [{ meta: { _user: 'kept' } }, { meta: { _user: 'kept' } }],
  ])('strips %j', (delta, expected) => expect(stripMarkers(delta, 'articles', schema)).toEqual(expected));
});

describe(mapDelta.name, () => {
  it.each([
    [
      'adds the key and maps the root markers',
      { title: 'a', _user: U, _date: D },
      { id: '7', title: 'a', user_updated: U, date_updated: D },
    ],
    ['leaves the fields out without markers', { title: 'a' }, { id: '7', title: 'a' }],
    [
      'drops a saved value of a mapped field without markers',
      { title: 'a', user_updated: 'x' },
      { id: '7', title: 'a' },
    ],
    [
      'maps new nested items to their created fields',
      { comments: { create: [{ text: 'y', _user: U, _date: D }] }, _user: U, _date: D },
      {
        id: '7',
        comments: { create: [{ text: 'y', user_created: U, date_created: D }] },
        user_updated: U,
        date_updated: D,
      },
    ],
    [
      'keeps nested updates without created fields',
      { comments: [{ id: 3, text: 'z', _user: U, _date: D }] },
      { id: '7', comments: [{ id: 3, text: 'z' }] },
    ],
    [
      'maps a null user',
      { title: 'a', _user: null, _date: D },
      { id: '7', title: 'a', user_updated: null, date_updated: D },
    ],
  ])('%s', (_label, delta, expected) => expect(mapDelta(delta, 'articles', '7', schema)).toEqual(expected));
});

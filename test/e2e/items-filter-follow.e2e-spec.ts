import { createCollection, createM2a, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/** `$FOLLOW(collection, field)` in filters: a one-to-many read backwards where no alias field was made. */
describe('$FOLLOW filters', () => {
  let t: TestApp;
  let artists: string;
  let guests: string;
  let notes: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    artists = await createCollection(t, uniq('artists'), [{ field: 'name', type: 'string' }]);
    guests = await createCollection(t, uniq('guests'), [
      { field: 'name', type: 'string' },
      { field: 'favorite_artist', type: 'integer' },
    ]);
    await createRelation(t, guests, 'favorite_artist', artists);
    // Keys kept in a text field, no relation at all: followed all the same.
    notes = await createCollection(t, uniq('notes'), [{ field: 'ref', type: 'string' }]);
    for (const name of ['Ann', 'Bob', 'Cid'])
      ids[name] = (await t.as('admin').post(`/items/${artists}`).send({ name })).body.data.id;
    await t
      .as('admin')
      .post(`/items/${guests}`)
      .send([
        { name: 'g1', favorite_artist: ids.Ann },
        { name: 'g2', favorite_artist: ids.Ann },
        { name: 'g3', favorite_artist: ids.Bob },
      ]);
    await t
      .as('admin')
      .post(`/items/${notes}`)
      .send({ ref: String(ids.Cid) });
  });
  afterAll(() => t.close());

  const names = async (filter: unknown, token = 'admin') => {
    const res = await t
      .as(token)
      .get(`/items/${artists}`)
      .query({ fields: 'name', sort: 'name', filter: JSON.stringify(filter) });
    expect(res.status).toBe(200);
    return res.body.data.map((a: { name: string }) => a.name);
  };
  const follow = () => `$FOLLOW(${guests},favorite_artist)`;

  it('filters by the rows that point at each item: _some, _none, the fields directly, inside _and/_or', async () => {
    expect(await names({ [follow()]: { _some: { name: { _eq: 'g3' } } } })).toEqual(['Bob']);
    expect(await names({ [`$FOLLOW( ${guests} , favorite_artist )`]: { name: { _in: ['g1', 'g3'] } } })).toEqual([
      'Ann',
      'Bob',
    ]);
    expect(await names({ [follow()]: { _none: { name: { _eq: 'g3' } } } })).toEqual(['Ann', 'Cid']);
    expect(
      await names({ _or: [{ [follow()]: { _some: { name: { _eq: 'g1' } } } }, { name: { _eq: 'Cid' } }] }),
    ).toEqual(['Ann', 'Cid']);
    expect(await names({ _and: [{ [follow()]: { _some: { name: { _eq: 'nobody' } } } }] })).toEqual([]);
    expect(await names({ [`$FOLLOW(${notes},ref)`]: { _some: { ref: { _nnull: true } } } })).toEqual(['Cid']);
  });

  it('follows a many-to-any backwards: $FOLLOW(junction, item, collection) keeps to the rows naming this collection', async () => {
    const s = await createM2a(t);
    const circle = (await t.as('admin').post(`/items/${s.circles}`).send({ radius: 1 })).body.data.id;
    const square = (await t.as('admin').post(`/items/${s.squares}`).send({ width: 1 })).body.data.id;
    expect(square).toBe(circle);
    await t
      .as('admin')
      .post(`/items/${s.shapes}`)
      .send({ name: 'S', children: [{ collection: s.circles, item: circle }] });
    await t
      .as('admin')
      .post(`/items/${s.shapes}`)
      .send({ name: 'T', children: [{ collection: s.squares, item: square }] });
    const read = async (collection: string, shape: string) => {
      const filter = { [`$FOLLOW(${s.junction},item,collection)`]: { shapes_id: { name: { _eq: shape } } } };
      return (
        await t
          .as('admin')
          .get(`/items/${collection}`)
          .query({ fields: 'id', filter: JSON.stringify(filter) })
      ).body.data;
    };
    expect(await read(s.circles, 'S')).toEqual([{ id: circle }]);
    expect(await read(s.circles, 'T')).toEqual([]);
    expect(await read(s.squares, 'T')).toEqual([{ id: square }]);
  });

  it.each([
    ['an unknown collection', { '$FOLLOW(nowhere,favorite_artist)': { _some: { id: { _nnull: true } } } }],
    ['an unknown field', () => ({ [`$FOLLOW(${guests},nothing)`]: { _some: { id: { _nnull: true } } } })],
    ['a malformed call', () => ({ [`$FOLLOW(${guests})`]: { _some: { id: { _nnull: true } } } })],
    ['an operator on the rows themselves', () => ({ [follow()]: { _eq: 1 } })],
    ['an unknown field of the rows', () => ({ [follow()]: { _some: { nothing: { _eq: 1 } } } })],
  ])('refuses %s with 400 INVALID_QUERY', async (_, filter) => {
    const value = typeof filter === 'function' ? filter() : filter;
    await expectError(
      t
        .as('admin')
        .get(`/items/${artists}`)
        .query({ filter: JSON.stringify(value) }),
      400,
      'INVALID_QUERY',
    );
  });

  it('works in a permission rule: a role reads only the artists some guest favours', async () => {
    const role = await createRole(t);
    await grant(t, role, artists, 'read', { permissions: { [follow()]: { _some: { id: { _nnull: true } } } } });
    await grant(t, role, guests, 'read');
    const user = await createUser(t, role);
    expect(await names({}, user.token)).toEqual(['Ann', 'Bob']);
  });

  it('needs read access to the followed collection and field, and counts only the rows the caller may read', async () => {
    const role = await createRole(t);
    await grant(t, role, artists, 'read');
    const user = await createUser(t, role);
    await expectError(
      t
        .as(user.token)
        .get(`/items/${artists}`)
        .query({ filter: JSON.stringify({ [follow()]: { _some: { name: { _eq: 'g1' } } } }) }),
      403,
      'FORBIDDEN',
    );
    await grant(t, role, guests, 'read', {
      fields: ['id', 'name', 'favorite_artist'],
      permissions: { name: { _neq: 'g3' } },
    });
    expect(await names({ [follow()]: { _some: { id: { _nnull: true } } } }, user.token)).toEqual(['Ann']);
  });
});

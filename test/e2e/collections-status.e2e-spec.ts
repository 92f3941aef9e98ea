import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

type Answer = { status: number; body: any };

/**
 * A collection's `meta.status`, as the reference's: an inactive collection keeps its schema and data,
 * but its items can't be read or written (403 COLLECTION_INACTIVE to whoever may otherwise use it, the
 * answer of a missing collection to anyone else), until it is active again.
 */
describe('collection meta.status', () => {
  let t: TestApp;
  let people: string;
  let notes: string;
  let reader: string;
  let stranger: string;
  const setStatus = (collection: string, status: string) =>
    t.as('admin').patch(`/collections/${collection}`).send({ meta: { status } }).expect(200);

  beforeAll(async () => {
    t = await createTestApp();
    people = await createCollection(t, uniq('people'), [{ field: 'name', type: 'string' }]);
    notes = await createCollection(t, uniq('notes'), [
      { field: 'title', type: 'string' },
      { field: 'author', type: 'integer' },
    ]);
    await createRelation(t, notes, 'author', people);
    await t.as('admin').post(`/items/${people}`).send({ name: 'Ada' }).expect(200);
    await t.as('admin').post(`/items/${notes}`).send({ title: 'a', author: 1 }).expect(200);
    const role = await createRole(t);
    for (const collection of [people, notes]) await grant(t, role, collection, 'read');
    reader = (await createUser(t, role)).token;
    stranger = (await createUser(t, await createRole(t))).token;
  });
  afterAll(() => t.close());

  it('is active with no autosave interval on a new collection, and takes only what it can mean', async () => {
    const meta = (await t.as('admin').get(`/collections/${people}`).expect(200)).body.data.meta;
    expect(meta).toMatchObject({ status: 'active', autosave_revision_interval: null });
    for (const [member, value, words] of [
      ['status', 'bogus', '"meta.status" must be "active" or "inactive"'],
      ['status', null, '"meta.status" must be "active" or "inactive"'],
      [
        'autosave_revision_interval',
        -1,
        '"meta.autosave_revision_interval" must be a number of seconds (0 or more) or null',
      ],
      [
        'autosave_revision_interval',
        '30',
        '"meta.autosave_revision_interval" must be a number of seconds (0 or more) or null',
      ],
    ] as const) {
      const res = await expectError(
        t
          .as('admin')
          .patch(`/collections/${people}`)
          .send({ meta: { [member]: value } }),
        400,
        'INVALID_PAYLOAD',
      );
      expect(res.body.errors[0].message).toContain(words);
    }
    const saved = await t
      .as('admin')
      .patch(`/collections/${people}`)
      .send({ meta: { autosave_revision_interval: 30 } })
      .expect(200);
    expect(saved.body.data.meta).toMatchObject({ status: 'active', autosave_revision_interval: 30 });
  });

  describe('inactive', () => {
    beforeAll(() => setStatus(notes, 'inactive'));
    afterAll(() => setStatus(notes, 'active'));

    const inactive = (res: Answer) => {
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: {
          errors: [
            {
              message: `Collection "${notes}" is inactive.`,
              extensions: { code: 'COLLECTION_INACTIVE', collection: notes },
            },
          ],
        },
      });
    };

    it.each<[string, (token: string) => PromiseLike<Answer>]>([
      ['a list', (token) => t.as(token).get(`/items/${notes}`)],
      ['one item', (token) => t.as(token).get(`/items/${notes}/1`)],
      ['an aggregate', (token) => t.as(token).get(`/items/${notes}?aggregate[count]=*`)],
      ['a create', (token) => t.as(token).post(`/items/${notes}`).send({ title: 'b' })],
      ['an update', (token) => t.as(token).patch(`/items/${notes}/1`).send({ title: 'b' })],
      ['a delete', (token) => t.as(token).delete(`/items/${notes}/1`)],
      ['an export', (token) => t.as(token).post(`/utils/export/${notes}`).send({ format: 'csv', query: {} })],
      [
        'an import',
        (token) =>
          t
            .as(token)
            .post(`/utils/import/${notes}`)
            .attach('file', Buffer.from('title\nc\n'), { filename: 'data.csv', contentType: 'text/csv' }),
      ],
    ])('refuses an administrator %s with COLLECTION_INACTIVE', async (_, request) => {
      inactive(await request(t.adminToken));
    });

    it('refuses a reader with COLLECTION_INACTIVE, and anyone else as if it did not exist', async () => {
      inactive(await t.as(reader).get(`/items/${notes}`));
      const hidden = await expectError(t.as(stranger).get(`/items/${notes}`), 403, 'FORBIDDEN');
      const missing = await expectError(t.as(stranger).get(`/items/${uniq('nothing')}`), 403, 'FORBIDDEN');
      expect(hidden.body.errors[0].message).toBe(
        `You don't have permission to access collection "${notes}" or it does not exist. Queried in root.`,
      );
      expect(missing.body.errors[0].extensions).toEqual({ code: 'FORBIDDEN', reason: expect.any(String) });
    });

    it('refuses a GraphQL query of its items with COLLECTION_INACTIVE', async () => {
      const res = await t
        .as('admin')
        .post('/graphql')
        .send({ query: `{ ${notes} { id title } }` });
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          message: `Collection "${notes}" is inactive.`,
          extensions: expect.objectContaining({ code: 'COLLECTION_INACTIVE' }),
        }),
      ]);
    });

    it('keeps its schema readable', async () => {
      const collection = await t.as('admin').get(`/collections/${notes}`).expect(200);
      expect(collection.body.data.meta.status).toBe('inactive');
      const fields = await t.as('admin').get(`/fields/${notes}`).expect(200);
      expect(fields.body.data.map((f: { field: string }) => f.field)).toEqual(['id', 'title', 'author']);
    });
  });

  it('reads a relation into an inactive collection as into one the caller may not read', async () => {
    await setStatus(people, 'inactive');
    try {
      const keys = await t.as('admin').get(`/items/${notes}?fields=*.*`).expect(200);
      expect(keys.body.data).toEqual([{ id: 1, title: 'a', author: 1 }]);
      const res = await expectError(t.as('admin').get(`/items/${notes}?fields=author.name`), 403, 'FORBIDDEN');
      expect(res.body.errors[0].message).toBe(
        `You don't have permission to access collection "${people}" or it does not exist. Queried in "author".`,
      );
    } finally {
      await setStatus(people, 'active');
    }
    const back = await t.as('admin').get(`/items/${notes}?fields=title,author.name`).expect(200);
    expect(back.body.data).toEqual([{ title: 'a', author: { name: 'Ada' } }]);
  });
});

import { createCollection, createRelation } from '../factories/collection.factory';
import { createRole, createUser, grant } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

interface Operation {
  security?: Record<string, string[]>[];
}
interface Doc {
  tags: { name: string; 'x-collection'?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; 'x-collection'?: string }> };
}

/** The parts of a live document that name a collection: its paths with their methods, its schema's properties. */
function view(doc: Doc, collection: string) {
  const paths = Object.fromEntries(
    Object.entries(doc.paths)
      .filter(([path]) => path === `/items/${collection}` || path === `/items/${collection}/{id}`)
      .map(([path, item]) => [
        path,
        Object.keys(item)
          .filter((k) => k !== 'parameters')
          .sort(),
      ]),
  );
  const schema = Object.values(doc.components.schemas).find((s) => s['x-collection'] === collection);
  const tag = doc.tags.some((t) => t['x-collection'] === collection);
  return { paths, fields: schema ? Object.keys(schema.properties) : null, tag };
}

const ANONYMOUS_TOO = [{ bearerAuth: [] }, { accessTokenQuery: [] }, { sessionCookie: [] }, {}];
const SIGNED_IN = [{ bearerAuth: [] }, { accessTokenQuery: [] }, { sessionCookie: [] }];

describe('GET /server/specs/oas shows each caller the collections, fields and operations they may use', () => {
  let t: TestApp;
  let docs: string;
  let notes: string;
  let secrets: string;
  let pubs: string;
  let role: string;
  let reader: { token: string };
  const oas = async (who: string) => (await t.as(who).get('/server/specs/oas').expect(200)).body as Doc;

  beforeAll(async () => {
    t = await createTestApp();
    notes = await createCollection(t, uniq('notes'), [{ field: 'text', type: 'string' }]);
    secrets = await createCollection(t, uniq('secrets'), [{ field: 'code', type: 'string' }]);
    pubs = await createCollection(t, uniq('pubs'), [{ field: 'headline', type: 'string' }]);
    docs = await createCollection(t, uniq('docs'), [
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'note', type: 'integer' },
      { field: 'secret', type: 'integer' },
    ]);
    await createRelation(t, docs, 'note', notes);
    await createRelation(t, docs, 'secret', secrets);
    role = await createRole(t, { app_access: false });
    reader = await createUser(t, role);
    await grant(t, role, docs, 'read', {
      fields: ['id', 'title', 'note', 'secret'],
      permissions: { title: { _nnull: true } },
    });
    await grant(t, role, docs, 'create', { fields: ['title'] });
    await grant(t, role, notes, 'read');
    await grant(t, null, pubs, 'read');
  });
  afterAll(() => t.close());

  it('gives an administrator every collection, field and operation', async () => {
    const doc = await oas('admin');
    expect(view(doc, docs)).toEqual({
      paths: {
        [`/items/${docs}`]: ['delete', 'get', 'patch', 'post'],
        [`/items/${docs}/{id}`]: ['delete', 'get', 'patch'],
      },
      fields: ['id', 'title', 'body', 'note', 'secret'],
      tag: true,
    });
    expect(view(doc, secrets).tag).toBe(true);
  });

  it('gives a role only what its permissions allow: readable fields, allowed operations, readable relations', async () => {
    const doc = await oas(reader.token);
    expect(view(doc, docs)).toEqual({
      paths: { [`/items/${docs}`]: ['get', 'post'], [`/items/${docs}/{id}`]: ['get'] },
      fields: ['id', 'title', 'note', 'secret'],
      tag: true,
    });
    expect(view(doc, notes)).toEqual({
      paths: { [`/items/${notes}`]: ['get'], [`/items/${notes}/{id}`]: ['get'] },
      fields: ['id', 'text'],
      tag: true,
    });
    expect(view(doc, secrets)).toEqual({ paths: {}, fields: null, tag: false });
    expect(view(doc, pubs)).toEqual({ paths: {}, fields: null, tag: false });
    const schema = Object.values(doc.components.schemas).find((s) => s['x-collection'] === docs)!;
    // A relation into a collection the role may read is the key or the item; into one it may not, the key alone.
    expect(schema.properties.note).toEqual({
      oneOf: [
        expect.objectContaining({ type: 'integer' }),
        { $ref: expect.stringMatching(/^#\/components\/schemas\/Items/) },
      ],
    });
    expect(schema.properties.secret).toEqual({ type: 'integer', format: 'int32', nullable: true });
    expect(JSON.stringify(doc)).not.toContain(secrets);
  });

  it('gives anonymous callers the public collections only, marked as answering without a token', async () => {
    const doc = await oas('anonymous');
    expect(view(doc, pubs)).toEqual({
      paths: { [`/items/${pubs}`]: ['get'], [`/items/${pubs}/{id}`]: ['get'] },
      fields: ['id', 'headline'],
      tag: true,
    });
    for (const collection of [docs, notes, secrets])
      expect(view(doc, collection)).toEqual({ paths: {}, fields: null, tag: false });
    expect(doc.paths[`/items/${pubs}`].get.security).toEqual(ANONYMOUS_TOO);
    const admin = await oas('admin');
    expect(admin.paths[`/items/${pubs}`].get.security).toEqual(ANONYMOUS_TOO);
    expect(admin.paths[`/items/${pubs}`].post.security).toEqual(SIGNED_IN);
    expect(admin.paths[`/items/${docs}`].get.security).toEqual(SIGNED_IN);
  });

  it('follows schema changes', async () => {
    const field = uniq('added');
    expect(view(await oas(reader.token), notes).fields).toEqual(['id', 'text']);
    await t.as('admin').post(`/fields/${notes}`).send({ field, type: 'boolean' }).expect(200);
    expect(view(await oas(reader.token), notes).fields).toEqual(['id', 'text', field]);
    const later = await createCollection(t, uniq('later'), [{ field: 'x', type: 'string' }]);
    expect(view(await oas('admin'), later).paths).toEqual({
      [`/items/${later}`]: ['delete', 'get', 'patch', 'post'],
      [`/items/${later}/{id}`]: ['delete', 'get', 'patch'],
    });
    await t.as('admin').delete(`/collections/${later}`).expect(204);
    expect(view(await oas('admin'), later)).toEqual({ paths: {}, fields: null, tag: false });
  });

  it('follows permission changes', async () => {
    expect(view(await oas(reader.token), secrets).tag).toBe(false);
    const id = await grant(t, role, secrets, 'read', { fields: ['code'] });
    expect(view(await oas(reader.token), secrets)).toEqual({
      paths: { [`/items/${secrets}`]: ['get'], [`/items/${secrets}/{id}`]: ['get'] },
      fields: ['code'],
      tag: true,
    });
    await t.as('admin').delete(`/permissions/${id}`).expect(204);
    expect(view(await oas(reader.token), secrets).tag).toBe(false);
  });
});

import { DataSource } from 'typeorm';
import { DIALECT, Dialect } from '../../src/database/dialects/dialect';
import { createRole, createUser, grant } from '../factories/user.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

/** The message a query fails with, or null when it succeeds. */
const failure = (query: Promise<unknown>): Promise<string | null> =>
  query.then(
    () => null,
    (err: unknown) => String(err),
  );

/**
 * API.md 11.1 and 11.2: tables made with plain SQL are served, adopted and written through Vellum, and
 * DDL run outside Vellum is seen by the next request (CACHE_SCHEMA=false) or after a cache clear.
 */
describe('database-first: tables Vellum did not create', () => {
  let t: TestApp;
  let sql: (query: string) => Promise<unknown>;
  let quote: (name: string) => string;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_SCHEMA: 'false', DB_EXCLUDE_TABLES: 'legacy_hidden' } });
    const dataSource = t.app.get(DataSource);
    const dialect = t.app.get<Dialect>(DIALECT);
    sql = (query) => dataSource.query(query);
    quote = (name) => dialect.quote(name);
    await sql(
      `CREATE TABLE legacy_books (id INTEGER PRIMARY KEY, title VARCHAR(100) NOT NULL, pages INTEGER, price DECIMAL(8,2), summary TEXT, in_print BOOLEAN)`,
    );
    await sql(`INSERT INTO legacy_books (id, title, pages) VALUES (1, 'Dune', 412)`);
    await sql('CREATE TABLE legacy_hidden (id INTEGER PRIMARY KEY)');
    await sql('CREATE TABLE legacy_keyless (name VARCHAR(20))');
  });

  afterAll(async () => {
    await t.close();
  });

  it('lists the table with meta null, neither excluded nor keyless tables, and system tables only as such', async () => {
    const res = await t.as('admin').get('/collections').expect(200);
    const names = (res.body.data as { collection: string }[]).map((c) => c.collection);
    expect(res.body.data.find((c: { collection: string }) => c.collection === 'legacy_books')).toEqual({
      collection: 'legacy_books',
      meta: null,
      schema: { name: 'legacy_books' },
    });
    expect(names).not.toEqual(expect.arrayContaining(['legacy_hidden']));
    expect(names).not.toEqual(expect.arrayContaining(['legacy_keyless']));
    // Vellum's own tables are listed as system collections only (with their system meta).
    expect(
      res.body.data.filter(
        (c: { collection: string; meta: unknown }) => c.collection.startsWith('svc_') && c.meta === null,
      ),
    ).toEqual([]);
    await t.as('admin').get('/collections/legacy_hidden').expect(403);
  });

  it('lists its columns with types read from the catalog', async () => {
    const res = await t.as('admin').get('/fields/legacy_books').expect(200);
    const byName = Object.fromEntries(
      (
        res.body.data as {
          field: string;
          type: string;
          meta: unknown;
          schema: { max_length: number | null; is_primary_key: boolean };
        }[]
      ).map((f) => [f.field, f]),
    );
    expect(Object.fromEntries(Object.entries(byName).map(([name, f]) => [name, f.type]))).toEqual({
      id: 'integer',
      title: 'string',
      pages: 'integer',
      price: 'decimal',
      summary: 'text',
      in_print: 'boolean',
    });
    expect(byName.title.meta).toBeNull();
    expect(byName.title.schema.max_length).toBe(100);
    expect(byName.id.schema.is_primary_key).toBe(true);
  });

  it('reads and writes its rows through /items', async () => {
    const read = await t.as('admin').get('/items/legacy_books/1').expect(200);
    expect(read.body.data).toMatchObject({ id: 1, title: 'Dune', pages: 412 });
    await t.as('admin').post('/items/legacy_books').send({ id: 2, title: 'Emma', in_print: true }).expect(200);
    await t.as('admin').patch('/items/legacy_books/1').send({ pages: 500 }).expect(200);
    const rows = (await sql(`SELECT id, pages FROM legacy_books ORDER BY id`)) as {
      id: number;
      pages: number | null;
    }[];
    expect(rows.map((r) => [Number(r.id), r.pages === null ? null : Number(r.pages)])).toEqual([
      [1, 500],
      [2, null],
    ]);
  });

  it('shows it to a user with a read rule on it, and not to one without', async () => {
    const reader = await createUser(t, await createRole(t));
    const other = await createUser(t, await createRole(t));
    for (const user of [reader, other]) {
      for (const metadata of ['svc_collections', 'svc_fields']) await grant(t, user.role, metadata, 'read');
    }
    await grant(t, reader.role, 'legacy_books', 'read', { fields: ['id', 'title'] });
    const listed = await t.as(reader.token).get('/collections').expect(200);
    expect((listed.body.data as { collection: string }[]).map((c) => c.collection)).toContain('legacy_books');
    const fields = await t.as(reader.token).get('/fields/legacy_books').expect(200);
    expect((fields.body.data as { field: string }[]).map((f) => f.field).sort()).toEqual(['id', 'title']);
    await t.as(reader.token).get('/items/legacy_books/1').expect(200);
    await t.as(other.token).get('/collections/legacy_books').expect(403);
  });

  it('is adopted by giving it meta, and is then in the snapshot', async () => {
    const before = await t.as('admin').get('/schema/snapshot').expect(200);
    expect((before.body.data.collections as { collection: string }[]).map((c) => c.collection)).not.toContain(
      'legacy_books',
    );
    await t
      .as('admin')
      .patch('/collections/legacy_books')
      .send({ meta: { icon: 'book', note: 'from the old system' } })
      .expect(200);
    await t
      .as('admin')
      .patch('/fields/legacy_books/title')
      .send({ meta: { interface: 'input', required: true } })
      .expect(200);
    await t.as('admin').post('/fields/legacy_books').send({ field: 'title', type: 'string', meta: {} }).expect(400);
    const collection = await t.as('admin').get('/collections/legacy_books').expect(200);
    expect(collection.body.data.meta).toMatchObject({
      collection: 'legacy_books',
      icon: 'book',
      note: 'from the old system',
    });
    const field = await t.as('admin').get('/fields/legacy_books/title').expect(200);
    expect(field.body.data).toMatchObject({ type: 'string', meta: { interface: 'input', required: true } });
    await t.as('admin').post('/items/legacy_books').send({ id: 3 }).expect(400);
    const after = await t.as('admin').get('/schema/snapshot').expect(200);
    expect((after.body.data.collections as { collection: string }[]).map((c) => c.collection)).toContain(
      'legacy_books',
    );
    const snapshotFields = (after.body.data.fields as { collection: string; field: string }[]).filter(
      (f) => f.collection === 'legacy_books',
    );
    expect(snapshotFields.map((f) => f.field)).toEqual(['title']);
  });

  it('sees a column added directly at the next request, and drops it on DELETE /fields', async () => {
    await sql(`ALTER TABLE legacy_books ADD COLUMN isbn VARCHAR(20)`);
    const added = await t.as('admin').get('/fields/legacy_books/isbn').expect(200);
    expect(added.body.data).toMatchObject({ type: 'string', meta: null, schema: { max_length: 20 } });
    await t.as('admin').patch('/items/legacy_books/1').send({ isbn: '978-0441013593' }).expect(200);
    await t.as('admin').delete('/fields/legacy_books/isbn').expect(204);
    expect(await failure(sql('SELECT isbn FROM legacy_books'))).toMatch(/isbn/);
    await t.as('admin').get('/fields/legacy_books/isbn').expect(403);
  });

  it('creates a collection anew after its table was dropped directly', async () => {
    await sql('CREATE TABLE legacy_scratch (id INTEGER PRIMARY KEY)');
    await t.as('admin').get('/collections/legacy_scratch').expect(200);
    await sql(`DROP TABLE ${quote('legacy_scratch')}`);
    await t.as('admin').get('/collections/legacy_scratch').expect(403);
    await t.as('admin').post('/collections').send({ collection: 'legacy_scratch', meta: {}, schema: {} }).expect(200);
    await t.as('admin').post('/items/legacy_scratch').send({}).expect(200);
  });

  it('drops an unadopted table on DELETE /collections', async () => {
    await sql('CREATE TABLE legacy_gone (id INTEGER PRIMARY KEY)');
    await t.as('admin').delete('/collections/legacy_gone').expect(204);
    expect(await failure(sql('SELECT id FROM legacy_gone'))).toMatch(/legacy_gone/);
  });
});

describe('schema freshness with the schema cached', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { CACHE_SCHEMA: 'true', CACHE_SCHEMA_CHECK_INTERVAL: '0' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('sees outside DDL after POST /utils/cache/clear?system, not before', async () => {
    const sql = (query: string) => t.app.get(DataSource).query(query);
    await t.as('admin').post('/collections').send({ collection: 'cached_notes', meta: {}, schema: {} }).expect(200);
    await sql('ALTER TABLE cached_notes ADD COLUMN body TEXT');
    await t.as('admin').get('/fields/cached_notes/body').expect(403);
    await t.as('admin').post('/utils/cache/clear?system').expect(200);
    const res = await t.as('admin').get('/fields/cached_notes/body').expect(200);
    expect(res.body.data).toMatchObject({ type: 'text', meta: null });
  });
});

import { Api, expectStatus, waitFor } from './lib/api';
import { Fleet } from './lib/fleet';

type Snapshot = {
  collections: { collection: string; schema: object | null }[];
  fields: { collection: string; field: string; schema: object | null }[];
};

const WIDE = 50;

/** The snapshot with WIDE more collections shaped like `template`, each with its fields. */
function widened(snapshot: Snapshot, template: string): Snapshot {
  const names = Array.from({ length: WIDE }, (_, i) => `wide_${i}`);
  const asCollection = (entry: Snapshot['collections'][number], collection: string) => ({
    ...entry,
    collection,
    schema: entry.schema && { name: collection },
  });
  const asField = (entry: Snapshot['fields'][number], collection: string) => ({
    ...entry,
    collection,
    schema: entry.schema && { ...entry.schema, table: collection },
  });
  const collections = snapshot.collections.filter((c) => c.collection === template);
  const fields = snapshot.fields.filter((f) => f.collection === template);
  return {
    ...snapshot,
    collections: [...snapshot.collections, ...names.flatMap((name) => collections.map((c) => asCollection(c, name)))],
    fields: [...snapshot.fields, ...names.flatMap((name) => fields.map((f) => asField(f, name)))],
  };
}

/**
 * Issue 18: a Vellum killed (kill -9) during a /schema/apply on PostgreSQL leaves none of it: the apply
 * is one transaction, rolled back when its connection dies; the same diff applies afterwards.
 */
describe('fault: kill -9 during a schema apply', () => {
  let fleet: Fleet;
  beforeAll(async () => {
    fleet = await Fleet.start();
  }, 60_000);
  afterAll(() => fleet?.close(), 60_000);

  it('applies none of it, and all of it when applied again after the restart', async () => {
    const first = await fleet.vellum();
    const admin = await new Api(first.url).asAdmin();
    const fields = Array.from({ length: 19 }, (_, i) => ({ field: `f_${i}`, type: i % 2 ? 'integer' : 'string' }));
    expectStatus(await admin.post('/collections', { collection: 'template', meta: {}, fields }), 200, 'template');
    const snapshot = expectStatus(await admin.get('/schema/snapshot'), 200, 'snapshot').body.data as Snapshot;
    const diff = expectStatus(await admin.post('/schema/diff', widened(snapshot, 'template')), 200, 'diff').body.data;

    void admin.request('POST', '/schema/apply', diff, 60_000);
    // Inside the apply's transaction: it holds the schema lock (an advisory lock) while it creates tables.
    const locked = () =>
      fleet.pg.sql('vellum', "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") !== '0';
    expect(await waitFor(locked, 20_000, 5)).toBe(true);
    await first.kill();

    const count = (sql: string) => Number(fleet.pg.sql('vellum', sql));
    expect(count("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'wide\\_%'")).toBe(0);
    expect(count("SELECT count(*) FROM svc_collections WHERE collection LIKE 'wide\\_%'")).toBe(0);

    const second = await fleet.vellum();
    const again = await new Api(second.url).asAdmin();
    expectStatus(await again.request('POST', '/schema/apply', diff, 60_000), 204, 'apply after the restart');
    expect(count("SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'wide\\_%'")).toBe(WIDE);
    expectStatus(await again.post('/items/wide_7', { f_0: 'written' }), 200, 'write into an applied collection');
  });
});

import { FIELD_TYPES } from '../src/common/field-types';
import { bearer, BenchServer, startBenchServer } from './lib';

const COLLECTIONS = 50;
const FIELDS = 20;
/**
 * The field types a generated collection cycles through (its key `id` comes on top): alias makes no
 * column, and csv, hash and time stay out as in the runs whose numbers the commits record.
 */
const TYPES = FIELD_TYPES.filter((type) => !['csv', 'hash', 'time', 'alias'].includes(type));

type Entry = Record<string, unknown> & {
  collection: string;
  field?: string;
  meta: Record<string, unknown> | null;
  schema: Record<string, unknown> | null;
};
type Snap = { collections: Entry[]; fields: Entry[]; relations: Entry[] } & Record<string, unknown>;

async function call(
  server: BenchServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; ms: number; json: unknown }> {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...bearer(server.token), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return { status: res.status, ms, json: text ? JSON.parse(text) : null };
}

function report(label: string, ms: number, note = ''): void {
  process.stdout.write(`${label.padEnd(52)} ${ms.toFixed(0).padStart(8)} ms${note ? `   ${note}` : ''}\n`);
}

function renamed(entry: Entry, collection: string): Entry {
  const copy = structuredClone(entry);
  copy.collection = collection;
  if (copy.meta) copy.meta.collection = collection;
  if (copy.schema) copy.schema[copy.field ? 'table' : 'name'] = collection;
  return copy;
}

/**
 * Issue 5's target on MariaDB: a schema of 50 collections × 20 fields applied onto an empty database
 * under 10 s, diffed under 300 ms. The schema is made from one real template collection's snapshot
 * entries, so every entry has the exact shape the server produces.
 */
export async function run(): Promise<void> {
  const template = await startBenchServer();
  let snapshot: Snap;
  try {
    const fields = Array.from({ length: FIELDS - 1 }, (_, i) => ({
      field: `f${String(i).padStart(2, '0')}`,
      type: TYPES[i % TYPES.length],
    }));
    await call(template, 'POST', '/collections', { collection: 'template', fields });
    snapshot = ((await call(template, 'GET', '/schema/snapshot')).json as { data: Snap }).data;
  } finally {
    await template.close();
  }
  const names = Array.from({ length: COLLECTIONS }, (_, i) => `bench_${String(i).padStart(2, '0')}`);
  const target: Snap = {
    ...snapshot,
    collections: names.map((name) => renamed(snapshot.collections[0], name)),
    fields: names.flatMap((name) => snapshot.fields.map((f) => renamed(f, name))),
  };
  process.stdout.write(`schema: ${target.collections.length} collections, ${target.fields.length} fields\n`);

  const server = await startBenchServer();
  const applyTarget =
    server.database.env.DB_CLIENT === 'mariadb' || server.database.env.DB_CLIENT === 'mysql' ? 400 : 300;
  try {
    const empty = ((await call(server, 'GET', '/schema/snapshot')).json as { data: Snap }).data;
    const diff = await call(server, 'POST', '/schema/diff', target);
    report('POST /schema/diff (whole schema vs empty)', diff.ms, 'target ≤ 20 ms (issue 19)');
    const plan = await call(server, 'POST', '/schema/apply?dry_run=true', (diff.json as { data: unknown }).data);
    report('POST /schema/apply?dry_run=true', plan.ms, `${(plan.json as { data: unknown[] }).data.length} steps`);
    const apply = await call(server, 'POST', '/schema/apply', (diff.json as { data: unknown }).data);
    report('POST /schema/apply (onto an empty database)', apply.ms, `target ≤ ${applyTarget} ms (issue 19)`);
    const snap = await call(server, 'GET', '/schema/snapshot');
    report('GET /schema/snapshot', snap.ms);
    const again = await call(server, 'POST', '/schema/diff', (snap.json as { data: unknown }).data);
    report('POST /schema/diff (no change)', again.ms, again.status === 204 ? '204' : `unexpected ${again.status}`);
    const back = await call(server, 'POST', '/schema/diff', empty);
    const teardown = await call(server, 'POST', '/schema/apply', (back.json as { data: unknown }).data);
    report(
      'POST /schema/apply (teardown: the 50 collections deleted)',
      teardown.ms,
      `target ≤ ${applyTarget} ms (issue 19)`,
    );
  } finally {
    await server.close();
  }
}

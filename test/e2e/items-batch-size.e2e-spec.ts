import { randomUUID } from 'node:crypto';
import { createCollection } from '../factories/collection.factory';
import { expectError } from '../helpers/expect-error';
import { createTestApp, TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

/**
 * A batch larger than one SQL statement can carry: every statement of its write, bookkeeping and
 * read-back is split or bound as one list inside the write's transaction, so the answer is 2xx with all
 * of it stored, or an error with none of it stored. 70,000 items pass every vendor's bound-value limit
 * (SQLite 32,766; PostgreSQL and MariaDB's prepared statements 65,535).
 */
const COUNT = 70_000;
/** Each request takes seconds; generous, as the machines running CI are shared. */
const TIMEOUT = 300_000;

interface Row {
  id: number;
  code: string;
  qty: number;
}

describe("batches over one statement's capacity", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 70,000 small items are about 3 MB of JSON, over the default MAX_PAYLOAD_SIZE (1 MB). MAX_BATCH_MUTATION
    // stays unset (no limit), as by default.
    t = await createTestApp({ env: { MAX_PAYLOAD_SIZE: '16mb' } });
  });
  afterAll(() => t.close());

  const bulk = () =>
    createCollection(t, uniq('bulk'), [
      { field: 'code', type: 'string', schema: { is_unique: true, is_nullable: false } },
      { field: 'qty', type: 'integer' },
    ]);
  const items = (prefix: string) => Array.from({ length: COUNT }, (_, i) => ({ code: `${prefix}${i}`, qty: i }));
  const stored = async (c: string): Promise<Row[]> =>
    (await t.as('admin').get(`/items/${c}?fields=id,code,qty&sort=id&limit=-1`).expect(200)).body.data;
  const count = async (c: string): Promise<number> =>
    Number((await t.as('admin').get(`/items/${c}?aggregate[count]=*`).expect(200)).body.data[0].count);
  /** The first row where `got` and `expected` differ, null when none: jest's deep equality over 70,000 rows costs seconds. */
  const firstDifference = (got: unknown[], expected: unknown[]) => {
    const index =
      got.length === expected.length
        ? got.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(expected[i]))
        : Math.min(got.length, expected.length);
    return index === -1
      ? null
      : { index, got: got[index], expected: expected[index], lengths: [got.length, expected.length] };
  };
  const activity = async (c: string): Promise<Record<string, number>> => {
    const res = await t
      .as('admin')
      .get(`/activity?aggregate[count]=*&groupBy=action&filter[collection][_eq]=${c}`)
      .expect(200);
    return Object.fromEntries(
      res.body.data.map((row: { action: string; count: number | string }) => [row.action, Number(row.count)]),
    );
  };

  it(
    'creates, updates and deletes 70,000 items in one request each',
    async () => {
      const c = await bulk();
      const created = await t.as('admin').post(`/items/${c}?fields=id,code`).send(items('a')).expect(200);
      const answered: { id: number; code: string }[] = created.body.data;
      expect(
        firstDifference(
          answered.map((row) => row.code),
          items('a').map((item) => item.code),
        ),
      ).toBeNull();
      const rows = await stored(c);
      expect(
        firstDifference(
          rows.map((row) => ({ id: row.id, code: row.code })),
          answered,
        ),
      ).toBeNull();
      const keys = answered.map((row) => row.id);

      // The read-back of all the keys keeps the caller's sort.
      const updated = await t
        .as('admin')
        .patch(`/items/${c}?fields=id,qty&sort=-id`)
        .send({ keys, data: { qty: -1 } })
        .expect(200);
      expect(
        firstDifference(
          updated.body.data,
          [...keys].reverse().map((id) => ({ id, qty: -1 })),
        ),
      ).toBeNull();
      expect(
        firstDifference(
          (await stored(c)).map((row) => [row.id, row.qty]),
          keys.map((id) => [id, -1]),
        ),
      ).toBeNull();
      // A filter `_in` list of every key is one statement too.
      const search = await t
        .as('admin')
        .search(`/items/${c}`)
        .send({ query: { filter: { id: { _in: keys } }, aggregate: { count: '*' } } })
        .expect(200);
      expect(Number(search.body.data[0].count)).toBe(COUNT);

      await t.as('admin').delete(`/items/${c}`).send(keys).expect(204);
      expect(await count(c)).toBe(0);
      expect(await activity(c)).toEqual({ create: COUNT, update: COUNT, delete: COUNT });
    },
    TIMEOUT,
  );

  it.each([
    [
      'UUID',
      { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
      () => randomUUID(),
    ],
    [
      'text',
      { field: 'id', type: 'string', schema: { is_primary_key: true, max_length: 20 } },
      () => `k${randomUUID().slice(0, 8)}`,
    ],
  ])('reads back %s keys beyond one IN list in the order asked', async (_kind, key, newKey) => {
    const c = await createCollection(t, uniq('keyed'), [key, { field: 'name', type: 'string' }]);
    const batch = Array.from({ length: 1200 }, (_, i) => ({ id: newKey(), name: `n${i}` }));
    const res = await t.as('admin').post(`/items/${c}?fields=id,name&sort=id`).send(batch).expect(200);
    expect(res.body.data).toEqual([...batch].sort((a, b) => (a.id < b.id ? -1 : 1)));
    const keys = batch.map((item) => item.id);
    const found = await t
      .as('admin')
      .search(`/items/${c}`)
      .send({ query: { fields: ['id'], filter: { id: { _nin: keys.slice(600) } }, limit: -1 } })
      .expect(200);
    expect(found.body.data.map((row: { id: string }) => row.id).sort()).toEqual(keys.slice(0, 600).sort());
  });

  it(
    'refuses a batch whose last item breaks a unique constraint, and stores none of it',
    async () => {
      const c = await bulk();
      const batch = items('b');
      batch[COUNT - 1] = { code: 'b0', qty: 0 };
      await expectError(t.as('admin').post(`/items/${c}`).send(batch), 400, 'RECORD_NOT_UNIQUE');
      expect(await count(c)).toBe(0);
      expect(await activity(c)).toEqual({});
    },
    TIMEOUT,
  );
});

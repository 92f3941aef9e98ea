import type { QueryRunner } from 'typeorm';
import { dialectFor } from '../../../database/dialects/dialect-for';
import { tablesAmong } from './collection-rows';

/** A runner whose catalog holds `tables` and answers IN as `compare` does. */
function runnerWith(tables: string[], compare: (a: string, b: string) => boolean) {
  const queries: { sql: string; bound: unknown[] }[] = [];
  const runner = {
    query: async (sql: string, bound: unknown[]) => {
      queries.push({ sql, bound });
      return tables.filter((t) => bound.some((b) => compare(t, String(b)))).map((name) => ({ name }));
    },
  } as unknown as QueryRunner;
  return { runner, queries };
}

const exact = (a: string, b: string) => a === b;
const caseless = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

describe(tablesAmong.name, () => {
  it.each([
    ['postgres', ['a', 'b'], ['b', 'c'], exact, ['b']],
    ['sqlite', ['a'], ['x', 'y'], exact, []],
    // MariaDB's catalog compares IN case-insensitively; a lookup by `=` does not: "Foo" is not "foo".
    ['mysql', ['Foo', 'bar'], ['foo', 'bar'], caseless, ['bar']],
  ])(
    'on %s, tables %j among %j (matching as the catalog does) are %j',
    async (client, tables, names, compare, expected) => {
      const { runner } = runnerWith(tables, compare);
      expect([...(await tablesAmong(runner, dialectFor(client), names))]).toEqual(expected);
    },
  );

  it('asks once for up to a thousand names, binding each', async () => {
    const { runner, queries } = runnerWith([], exact);
    const names = Array.from({ length: 1500 }, (_, i) => `t${i}`);
    await tablesAmong(runner, dialectFor('postgres'), names);
    expect(queries.map((q) => q.bound.length)).toEqual([1000, 500]);
    expect(queries[1].sql).toContain('IN ($1, $2');
  });
});

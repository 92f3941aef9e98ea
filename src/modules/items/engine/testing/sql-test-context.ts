import type { Query } from '../../../../common/query/query.types';
import { dialectFor } from '../../../../database/dialects/dialect-for';
import { fakeOverview } from '../../../schema/testing/fake-overview';
import type { SqlContext } from '../compile-filter';
import { sqlContext } from '../compile-sql';

/** What the compile specs share: the three vendors and a context on the fake overview. */
export const VENDORS = ['postgres', 'mysql', 'sqlite'] as const;
export type Vendor = (typeof VENDORS)[number];

/** The expected text is written with PostgreSQL's quotes; MySQL's backticks replace them. */
export function quoted(vendor: Vendor, sql: string): string {
  return vendor === 'mysql' ? sql.replace(/"/g, '`') : sql;
}

export function context(vendor: Vendor): { ctx: SqlContext; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const permissions: Record<string, Query['filter']> = { authors: { name: { _neq: 'hidden' } } };
  return { ctx: sqlContext(dialectFor(vendor), fakeOverview(), params, (c) => permissions[c] ?? null), params };
}

import { types } from 'pg';

/** PostgreSQL's `date` and `timestamp` (without time zone) column types. */
const WALL_CLOCK_TYPES = new Set<number>([types.builtins.DATE, types.builtins.TIMESTAMP]);

/**
 * The type parsers of Vellum's PostgreSQL connections. node-postgres turns `date` and `timestamp`
 * values into Dates at the process's local midnight or time, so on a server whose TZ is not UTC a
 * stored `2022-01-05` read back as `2022-01-04`. These columns hold wall-clock values with no zone,
 * so they are kept as the text the server sends, as MySQL and SQLite give them (API.md 11).
 */
export const POSTGRES_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    WALL_CLOCK_TYPES.has(oid) && format !== 'binary'
      ? (value: string) => value
      : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

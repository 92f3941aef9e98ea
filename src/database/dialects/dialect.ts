import type { EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import type { AppError } from '../../common/errors/app-error';
import type { JsonPathSegment } from '../../common/query/parse-json-function';
import type { CatalogTable } from './catalog';

export type Vendor = 'mysql' | 'postgres' | 'sqlite';

/** Column types as TypeORM's table API expects them (`type`, plus `length` where it matters). */
export interface ColumnTypeSpec {
  type: string;
  length?: string;
}

/**
 * The only place that knows how the database vendors differ (CONVENTIONS 7). Everything else asks the
 * injected dialect.
 */
export interface Dialect {
  /** Also the schema snapshot's `vendor`. */
  readonly vendor: Vendor;
  /** False on MySQL/MariaDB, where DDL commits implicitly. */
  readonly transactionalDdl: boolean;
  /**
   * Whether a failed statement undoes only its own changes and leaves the transaction usable (MySQL,
   * SQLite); PostgreSQL refuses every further statement of the transaction, short of a savepoint.
   */
  readonly statementRollback: boolean;
  /**
   * Whether one query without bound values may carry several statements, run in order and stopped at
   * the first failure (PostgreSQL's simple query): a schema apply then sends many tables' DDL at once.
   */
  readonly multiStatementQuery: boolean;
  /** SQL for a case-insensitive LIKE of an already-quoted column against a named parameter. */
  ilike(column: string, param: string): string;
  /** SQL for a case-sensitive LIKE-style match of a column against a pattern made by `likePattern`. */
  like(column: string, param: string): string;
  /** The bound pattern for `like` (case-sensitive) or `ilike` (case-insensitive) that finds `value`. */
  likePattern(kind: 'contains' | 'starts' | 'ends', value: string, caseSensitive: boolean): string;
  /** Whether INSERT ... RETURNING gives generated keys (else the driver reports the last insert id). */
  readonly returning: boolean;
  /** The generated key of a single-row insert from the driver's raw result, where `returning` is false. */
  insertedId(raw: unknown): number | null;
  /** Most values one statement may bind (chunk size of multi-row INSERTs). */
  readonly maxParameters: number;
  /**
   * SQL true where the already-quoted column equals one of `values`, however many there are: where the
   * vendor caps the values one statement binds (`maxParameters`), the list is bound as one value, so a
   * read keeps its sort and window whatever the number of keys. `param` binds a value and answers the
   * name the SQL refers to it by (`:name`, or `:...name` for a spread list).
   */
  inList(column: string, values: readonly unknown[], param: (bound: unknown) => string): string;
  /** Whether a multi-row INSERT ... RETURNING gives the generated keys (else `insertedIds`). */
  readonly returningMany: boolean;
  /**
   * The auto-increment keys of a multi-row INSERT of `count` rows from the driver's raw result, where
   * `returningMany` is false.
   */
  insertedIds(raw: unknown, count: number): number[];
  /**
   * The SQL for one value of a statement built without named parameters, pushing what the driver binds
   * onto `bound`; values end up stored exactly as TypeORM's parameter escaping stores them.
   */
  parameter(value: unknown, bound: unknown[]): string;
  /**
   * The VALUES list for `rows` rows of `columns` values each, bound in row order exactly as given, each
   * row ending with the SQL expressions of `tail` (see `sameRowValue`); null where each value decides
   * its own SQL (then `parameter`).
   */
  valuesList(rows: number, columns: number, tail?: readonly string[]): string | null;
  /**
   * SQL in a VALUES row for the value given to the already-quoted column earlier in the same row, so a
   * value two columns share is sent once; null where a VALUES row cannot refer to its own columns (the
   * value is then bound twice).
   */
  sameRowValue(quotedColumn: string): string | null;
  /**
   * Runs a multi-row INSERT built with `parameter`: statements of the same shape run again and again
   * with other values (imports, bulk creates), which some drivers can do faster than a one-off query.
   * It may rewrite the values of `bound` in place into the forms the driver sends.
   */
  runInsert(manager: EntityManager, sql: string, bound: unknown[]): Promise<unknown>;
  /**
   * An identifier quoted as TypeORM's driver quotes it; identifiers come only from the schema overview,
   * which admits no quote characters in names.
   */
  quote(identifier: string): string;
  randomOrder(): string;
  /** An expression as text, to compare a key with a many-to-any's text column of keys. */
  asText(expression: string): string;
  /** `year(field)` ... `second(field)` of API.md 1.6 as an integer expression on an already-quoted column. */
  dateFunction(fn: DateFunction, column: string): string;
  /**
   * `json(field, path)` of API.md 1.6: the value at `path` in an already-quoted JSON column as JSON text
   * (parsed by the caller, so every vendor answers the same types), SQL NULL when there is none. `bind`
   * registers a value and answers its placeholder; the path is only ever bound, never written into SQL.
   */
  jsonValue(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string;
  /**
   * The scalar at `path` in an already-quoted JSON column, for `_json` filters; SQL NULL where there is
   * none or it is JSON null. `text`: strings unquoted, `true`/`false`, numbers as written, compared like a
   * text column. `number`: JSON numbers as numbers and anything else NULL, so no string compares as one.
   */
  jsonScalar(
    column: string,
    path: JsonPathSegment[],
    kind: 'text' | 'number',
    bind: (value: unknown) => string,
  ): string;
  /** Expressions that order rows by the value at `path` (numbers by value, strings as text), most significant first. */
  jsonSort(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string[];
  /**
   * SQL to run after a row was inserted with an explicit value in an auto-increment key, so later inserts
   * do not collide with it (PostgreSQL sequences do not follow explicit values); null when not needed.
   */
  syncAutoIncrementSql(quotedTable: string, column: string): string | null;
  /**
   * A SELECT answering, as `name`, the tables (or views) of the connection's database among the names
   * bound in `placeholders`, each spelled as stored: a caller comparing them exactly gets what a lookup
   * of one name by `=` gets, also where IN compares case-insensitively (MySQL's catalog).
   */
  tablesAmongSql(placeholders: string): string;
  /** A SELECT answering, as `name`, every base table of the connection's database (views and the vendor's own left out). */
  allTablesSql(): string;
  /**
   * A SELECT answering one row whose `fingerprint` changes whenever a table, column, index or foreign
   * key of the connection's database is created, changed or dropped, by Vellum or by anyone else; cheap
   * enough to run before a request (API.md 11.2).
   */
  schemaFingerprintSql(): string;
  /**
   * The definitions of the tables among `names` (the others left out) that the schema overview is built
   * from, read through `runner`, whose connection may hold an open transaction.
   */
  readTables(runner: QueryRunner, names: string[]): Promise<CatalogTable[]>;
  /** An INSERT of a row made only of default values. */
  insertDefaultsSql(quotedTable: string): string;
  /** `LIMIT`/`OFFSET` clause; `limit` null means all rows (SQLite and MySQL need a LIMIT before OFFSET). */
  limitSql(limit: number | null, offset: number): string;
  jsonType(): ColumnTypeSpec;
  uuidType(): ColumnTypeSpec;
  timestampType(): ColumnTypeSpec;
  /** The column for a field type of API.md 11 (`string`, `json`, `dateTime`, ...) when creating or changing a field. */
  fieldColumn(type: string, size: FieldColumnSize): ColumnTypeSpec & { precision?: number; scale?: number };
  /**
   * SQL that changes a column's type in place, keeping its data (TypeORM's changeColumn drops and re-adds
   * the column on MariaDB and PostgreSQL: CONVENTIONS 13). Null when TypeORM's changeColumn keeps the data
   * (SQLite rebuilds the table and copies the rows).
   */
  alterColumnTypeSql(
    quotedTable: string,
    quotedColumn: string,
    column: ColumnTypeSpec & { precision?: number; scale?: number },
    nullable: boolean,
  ): string | null;
  /** A timestamp as a bound parameter the vendor stores without shifting it. */
  timestampParam(date: Date): string;
  /** A boolean as a bound parameter (SQLite's driver accepts numbers only). */
  booleanParam(value: boolean): boolean | number;
  /** Turns a constraint violation into the error a user understands; null when it is not one. */
  translateError(err: QueryFailedError): AppError | null;
  /**
   * Serializes schema changes across every instance on the database: `acquire` runs first in the
   * change's transaction and answers one row whose `granted` is 1 once the lock is held (else it gave
   * up waiting); `release`, when the lock outlives transactions, runs before the connection goes back
   * to the pool. Null where one process owns the database file (SQLite).
   */
  schemaLock(): SchemaLock | null;
  /**
   * TypeORM driver options bounding the wait for a pooled connection and its handshake to `acquireMs`
   * (DB_ACQUIRE_TIMEOUT); null where nothing is waited for over a network (SQLite's file), and then no
   * statement is bounded either (bound-statements.ts).
   */
  connectionBounds(acquireMs: number): Record<string, unknown> | null;
  /**
   * Closes the connection `runner` holds and hands it back to the pool as broken, so the statement
   * waiting on it fails at once and the pool opens a fresh one for the next request.
   */
  cutConnection(runner: QueryRunner): void;
  /** Connections of the driver's pool in use and idle (metrics); null where there is no pool (SQLite). */
  poolStats(driver: unknown): PoolStats | null;
}

export interface PoolStats {
  inUse: number;
  idle: number;
}

export interface SchemaLock {
  acquire: string;
  release: string | null;
}

/** The lock's name on every vendor: one schema lock per database. */
export const SCHEMA_LOCK_NAME = 'vellum_schema_change';

const VALUES_LISTS = new Map<string, string>();

/**
 * `rows` tuples of `columns` placeholders made by `placeholder(index)`, each followed by the expressions
 * of `tail`, remembered per shape: an import asks for the same few shapes thousands of times.
 */
export function placeholderList(
  vendor: Vendor,
  rows: number,
  columns: number,
  placeholder: (index: number) => string,
  tail: readonly string[] = [],
): string {
  const key = `${vendor} ${rows} ${columns} ${tail.join(', ')}`;
  let list = VALUES_LISTS.get(key);
  if (list === undefined) {
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++)
      tuples.push(
        `(${[...Array.from({ length: columns }, (_, c) => placeholder(r * columns + c)), ...tail].join(', ')})`,
      );
    list = tuples.join(', ');
    // Shapes are few (row counts up to the INSERT cap, by column count); the bound only guards odd uses.
    if (VALUES_LISTS.size >= 256) VALUES_LISTS.clear();
    VALUES_LISTS.set(key, list);
  }
  return list;
}

/**
 * A path as the SQLite and MySQL JSON functions read it: `$."items"[0]."name"`. Keys are quoted so keys of
 * any script are reachable; parseJsonPath admits no quote or backslash in them.
 */
export function jsonPathText(path: JsonPathSegment[]): string {
  return '$' + path.map((s) => (typeof s === 'number' ? `[${s}]` : `."${s}"`)).join('');
}

export type DateFunction = 'year' | 'month' | 'week' | 'day' | 'weekday' | 'hour' | 'minute' | 'second';

export interface FieldColumnSize {
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
}

/** `varchar(255)`, `decimal(10,5)`: the SQL spelling of a column spec, for in-place ALTERs. */
export function columnSql(column: ColumnTypeSpec & { precision?: number; scale?: number }): string {
  if (column.length) return `${column.type}(${column.length})`;
  if (column.precision !== undefined) return `${column.type}(${column.precision},${column.scale ?? 0})`;
  return column.type;
}

/** `2024-01-31 10:20:30.123` in UTC: what MySQL DATETIME and SQLite text expect. */
export function utcDateTimeText(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** Wraps a LIKE pattern; `%` and `_` in the value are escaped with the default escape character `\\`. */
export function likeWrap(kind: 'contains' | 'starts' | 'ends', value: string, escape: boolean): string {
  const v = escape ? value.replace(/[\\%_]/g, (c) => `\\${c}`) : value;
  return kind === 'contains' ? `%${v}%` : kind === 'starts' ? `${v}%` : `%${v}`;
}

export const DIALECT = Symbol('DIALECT');

/** The driver error inside TypeORM's QueryFailedError, with the members the three drivers use. */
export interface DriverError {
  code?: string;
  errno?: number;
  message?: string;
  sqlMessage?: string;
  detail?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

export function driverErrorOf(err: QueryFailedError): DriverError {
  return (err as unknown as { driverError?: DriverError }).driverError ?? {};
}

export type FieldColumnSpec = ColumnTypeSpec & { precision?: number; scale?: number };

/** The column types that differ by vendor for the same field type; everything else is shared. */
export interface VendorColumnTypes {
  uuid: ColumnTypeSpec;
  json: ColumnTypeSpec;
  timestamp: ColumnTypeSpec;
  float: string;
  decimal: string;
  dateTime: string;
}

/** The length of a string or hash column created without `max_length`. */
export const DEFAULT_STRING_LENGTH = 255;

/** The column for a field type (API.md 11) on one vendor. */
export function fieldColumnFor(type: string, size: FieldColumnSize, vendor: VendorColumnTypes): FieldColumnSpec {
  switch (type) {
    case 'string':
    case 'hash':
      return { type: 'varchar', length: String(size.length ?? DEFAULT_STRING_LENGTH) };
    case 'uuid':
      return vendor.uuid;
    case 'text':
    case 'csv':
      return { type: 'text' };
    case 'json':
      return vendor.json;
    case 'integer':
      return { type: 'integer' };
    case 'bigInteger':
      return { type: 'bigint' };
    case 'float':
      return { type: vendor.float };
    case 'decimal':
      return { type: vendor.decimal, precision: size.precision ?? 10, scale: size.scale ?? 5 };
    case 'boolean':
      return { type: 'boolean' };
    case 'date':
      return { type: 'date' };
    case 'time':
      return { type: 'time' };
    case 'dateTime':
      return { type: vendor.dateTime };
    case 'timestamp':
      return vendor.timestamp;
    default:
      throw new Error(`No column for field type "${type}"`);
  }
}

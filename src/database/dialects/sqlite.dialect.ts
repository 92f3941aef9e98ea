import type { EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import type { CatalogTable } from './catalog';
import type { AppError } from '../../common/errors/app-error';
import type { JsonPathSegment } from '../../common/query/parse-json-function';
import {
  DatabaseBusyError,
  InvalidForeignKeyError,
  NotNullViolationError,
  RecordNotUniqueError,
} from '../../common/errors/errors';
import {
  ColumnTypeSpec,
  DateFunction,
  Dialect,
  driverErrorOf,
  likeWrap,
  utcDateTimeText,
  jsonPathText,
} from './dialect';
import { BaseDialect } from './base-dialect';

/** "UNIQUE constraint failed: articles.slug" names the table and the column. */
const CONSTRAINT_TARGET = /constraint failed: ([^.\s]+)\.([^,\s]+)/;

export class SqliteDialect extends BaseDialect implements Dialect {
  protected override readonly columnTypes = { float: 'float', decimal: 'decimal', dateTime: 'datetime' };
  readonly vendor = 'sqlite' as const;
  readonly transactionalDdl = true;
  readonly statementRollback = true;
  readonly multiStatementQuery = false;

  ilike(column: string, param: string): string {
    // SQLite's LIKE is case-insensitive for ASCII letters only.
    return `${column} LIKE :${param}`;
  }

  readonly returning = false;

  like(column: string, param: string): string {
    // LIKE ignores ASCII case in SQLite; GLOB is the case-sensitive match.
    return `${column} GLOB :${param}`;
  }

  likePattern(kind: 'contains' | 'starts' | 'ends', value: string, caseSensitive: boolean): string {
    if (!caseSensitive) return likeWrap(kind, value, false);
    const v = value.replace(/[*?[]/g, (c) => `[${c}]`);
    return kind === 'contains' ? `*${v}*` : kind === 'starts' ? `${v}*` : `*${v}`;
  }

  insertedId(raw: unknown): number | null {
    return raw === undefined || raw === null ? null : Number(raw);
  }

  // SQLITE_MAX_VARIABLE_NUMBER since 3.32.
  readonly maxParameters = 32766;

  inList(column: string, values: readonly unknown[], param: (bound: unknown) => string): string {
    // One JSON text instead of a value per key; the column's affinity applies to json_each's values.
    return `${column} IN (SELECT value FROM json_each(:${param(JSON.stringify(values))}))`;
  }
  // RETURNING exists since 3.35 (better-sqlite3 bundles a later one).
  readonly returningMany = true;

  insertedIds(): number[] {
    return [];
  }

  parameter(value: unknown, bound: unknown[]): string {
    // TypeORM writes numbers into the SQL: bound, the driver would send them as REAL ('3.0' in a text column).
    if (typeof value === 'number') return String(value);
    bound.push(typeof value === 'boolean' ? +value : value instanceof Date ? utcDateTimeText(value) : value);
    return '?';
  }

  valuesList(): null {
    // Numbers go into the SQL itself (see parameter).
    return null;
  }

  sameRowValue(): null {
    // A VALUES row cannot name the target's columns.
    return null;
  }

  runInsert(manager: EntityManager, sql: string, bound: unknown[]): Promise<unknown> {
    return manager.query(sql, bound);
  }

  syncAutoIncrementSql(): string | null {
    return null;
  }

  tablesAmongSql(placeholders: string): string {
    return `SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (${placeholders})`;
  }

  allTablesSql(): string {
    return `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;
  }

  /** SQLite counts every change of the schema in the database file's header. */
  schemaFingerprintSql(): string {
    return 'SELECT schema_version AS fingerprint FROM pragma_schema_version()';
  }

  readTables(runner: QueryRunner, names: string[]): Promise<CatalogTable[]> {
    return runner.getTables(names);
  }

  limitSql(limit: number | null, offset: number): string {
    if (limit === null) return offset ? ` LIMIT -1 OFFSET ${offset}` : '';
    return ` LIMIT ${limit}${offset ? ` OFFSET ${offset}` : ''}`;
  }

  dateFunction(fn: DateFunction, column: string): string {
    const format = {
      year: '%Y',
      month: '%m',
      week: '%W',
      day: '%d',
      weekday: '%w',
      hour: '%H',
      minute: '%M',
      second: '%S',
    }[fn];
    return `CAST(strftime('${format}', ${column}) AS INTEGER)`;
  }

  jsonValue(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string {
    // `->` answers JSON text (`"red"`, `true`), where json_extract would answer SQL values (true as 1).
    return `CASE WHEN json_valid(${column}) THEN ${column} -> ${bind(jsonPathText(path))} END`;
  }

  jsonScalar(
    column: string,
    path: JsonPathSegment[],
    kind: 'text' | 'number',
    bind: (value: unknown) => string,
  ): string {
    const at = () => `${column}, ${bind(jsonPathText(path))}`;
    // json_extract answers true as 1: booleans are spelled out so they read as on the other vendors.
    const value =
      kind === 'number'
        ? `CASE WHEN json_type(${at()}) IN ('integer', 'real') THEN json_extract(${at()}) END`
        : `CASE json_type(${at()}) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' ELSE CAST(json_extract(${at()}) AS TEXT) END`;
    return `CASE WHEN json_valid(${column}) THEN ${value} END`;
  }

  jsonSort(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string[] {
    return [`CASE WHEN json_valid(${column}) THEN json_extract(${column}, ${bind(jsonPathText(path))}) END`];
  }

  override jsonType(): ColumnTypeSpec {
    return { type: 'text' };
  }

  override uuidType(): ColumnTypeSpec {
    return { type: 'varchar', length: '36' };
  }

  alterColumnTypeSql(): string | null {
    // TypeORM rebuilds the SQLite table and copies the rows, so its changeColumn keeps the data.
    return null;
  }

  timestampParam(date: Date): string {
    return utcDateTimeText(date);
  }

  booleanParam(value: boolean): boolean | number {
    return value ? 1 : 0;
  }

  translateError(err: QueryFailedError): AppError | null {
    const driver = driverErrorOf(err);
    const message = driver.message ?? err.message;
    const target = CONSTRAINT_TARGET.exec(message);
    const collection = target?.[1] ?? 'unknown';
    const field = target?.[2] ?? null;
    switch (driver.code) {
      case 'SQLITE_CONSTRAINT_UNIQUE':
      case 'SQLITE_CONSTRAINT_PRIMARYKEY':
        return new RecordNotUniqueError({ collection, field });
      case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      // falls through: ON DELETE RESTRICT reports its violation as a trigger failure.
      case 'SQLITE_CONSTRAINT_TRIGGER':
        if (driver.code === 'SQLITE_CONSTRAINT_TRIGGER' && !message.includes('FOREIGN KEY')) return null;
        // SQLite does not say which key failed.
        return new InvalidForeignKeyError({ collection, field });
      case 'SQLITE_CONSTRAINT_NOTNULL':
        return new NotNullViolationError({ collection, field });
      case 'SQLITE_BUSY':
      case 'SQLITE_LOCKED':
        return new DatabaseBusyError();
      default:
        return null;
    }
  }

  connectionBounds(): null {
    // One connection to a local file: nothing to wait for, and a statement cannot be cut off mid-way.
    return null;
  }

  cutConnection(): void {
    // Never called: SQLite has no bounds (connectionBounds).
  }

  poolStats(): null {
    return null;
  }

  schemaLock(): null {
    // One process owns the database file and its one connection runs one transaction at a time.
    return null;
  }
}

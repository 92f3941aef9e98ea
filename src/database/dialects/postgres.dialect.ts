import type { EntityManager, QueryFailedError, QueryRunner } from 'typeorm';
import type { CatalogTable } from './catalog';
import { readPostgresCatalog } from './postgres-catalog';
import type { AppError } from '../../common/errors/app-error';
import type { JsonPathSegment } from '../../common/query/parse-json-function';
import {
  DatabaseBusyError,
  InvalidForeignKeyError,
  InvalidPayloadError,
  InvalidQueryError,
  NotNullViolationError,
  RecordNotUniqueError,
  ValueOutOfRangeError,
  ValueTooLongError,
} from '../../common/errors/errors';
import {
  columnSql,
  ColumnTypeSpec,
  DateFunction,
  Dialect,
  driverErrorOf,
  likeWrap,
  placeholderList,
  PoolStats,
  SCHEMA_LOCK_NAME,
  SchemaLock,
} from './dialect';
import { BaseDialect } from './base-dialect';

/** "Key (slug)=(hello) already exists." */
const KEY_DETAIL = /Key \(([^)]+)\)=\((.*)\)/s;

/** The parts of TypeORM's PostgresQueryRunner and node-postgres' client that cutting a connection touches. */
interface PgRunner {
  databaseConnection?: { connection?: { stream?: { destroy(): void } } };
  releaseCallback?: (err?: Error) => void;
}

/**
 * Every DDL writes catalog rows, and a written row carries its writing transaction's id (`xmin`): the
 * ids of the schema's relations, columns, defaults and constraints change with any DDL on them.
 */
const POSTGRES_FINGERPRINT = `SELECT md5(string_agg(x, ',' ORDER BY x)) AS fingerprint FROM (
  SELECT c.oid::text || ':' || c.xmin::text AS x FROM pg_class c WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
  UNION ALL SELECT a.attrelid::text || '.' || a.attnum::text || ':' || a.xmin::text FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND a.attnum > 0
  UNION ALL SELECT d.oid::text || ':' || d.xmin::text FROM pg_attrdef d JOIN pg_class c ON c.oid = d.adrelid
    WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
  UNION ALL SELECT o.oid::text || ':' || o.xmin::text FROM pg_constraint o WHERE o.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())
) AS catalog_rows`;

export class PostgresDialect extends BaseDialect implements Dialect {
  protected override readonly columnTypes = { float: 'double precision', decimal: 'numeric', dateTime: 'timestamp' };
  readonly vendor = 'postgres' as const;
  readonly transactionalDdl = true;
  readonly statementRollback = false;
  readonly multiStatementQuery = true;

  ilike(column: string, param: string): string {
    return `${column} ILIKE :${param}`;
  }

  readonly returning = true;

  like(column: string, param: string): string {
    return `${column} LIKE :${param}`;
  }

  likePattern(kind: 'contains' | 'starts' | 'ends', value: string): string {
    return likeWrap(kind, value, true);
  }

  insertedId(): number | null {
    return null;
  }

  // The wire protocol counts bound values in 16 bits.
  readonly maxParameters = 65535;

  inList(column: string, values: readonly unknown[], param: (bound: unknown) => string): string {
    // One array value; its element type is the column's, inferred by the server.
    return `${column} = ANY(:${param(values)})`;
  }
  readonly returningMany = true;

  insertedIds(): number[] {
    return [];
  }

  parameter(value: unknown, bound: unknown[]): string {
    bound.push(value);
    return `$${bound.length}`;
  }

  valuesList(rows: number, columns: number, tail: readonly string[] = []): string {
    return placeholderList(this.vendor, rows, columns, (index) => `$${index + 1}`, tail);
  }

  sameRowValue(): null {
    // A VALUES row cannot name the target's columns.
    return null;
  }

  runInsert(manager: EntityManager, sql: string, bound: unknown[]): Promise<unknown> {
    return manager.query(sql, bound);
  }

  syncAutoIncrementSql(quotedTable: string, column: string): string | null {
    return `SELECT setval(pg_get_serial_sequence('${quotedTable}', '${column}'), (SELECT MAX("${column}") FROM ${quotedTable}))`;
  }

  tablesAmongSql(placeholders: string): string {
    return `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN (${placeholders})`;
  }

  allTablesSql(): string {
    return `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`;
  }

  schemaFingerprintSql(): string {
    return POSTGRES_FINGERPRINT;
  }

  readTables(runner: QueryRunner, names: string[]): Promise<CatalogTable[]> {
    return readPostgresCatalog(runner, names);
  }

  limitSql(limit: number | null, offset: number): string {
    return `${limit === null ? '' : ` LIMIT ${limit}`}${offset ? ` OFFSET ${offset}` : ''}`;
  }

  dateFunction(fn: DateFunction, column: string): string {
    const part = {
      year: 'YEAR',
      month: 'MONTH',
      week: 'WEEK',
      day: 'DAY',
      weekday: 'DOW',
      hour: 'HOUR',
      minute: 'MINUTE',
      second: 'SECOND',
    }[fn];
    return `CAST(EXTRACT(${part} FROM ${column}) AS INTEGER)`;
  }

  jsonValue(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string {
    return `CAST(${this.jsonAt(column, path, bind)} AS text)`;
  }

  jsonScalar(
    column: string,
    path: JsonPathSegment[],
    kind: 'text' | 'number',
    bind: (value: unknown) => string,
  ): string {
    if (kind === 'text') return `(CAST(${column} AS jsonb) #>> CAST(${bind(path.map(String))} AS text[]))`;
    const at = this.jsonAt(column, path, bind);
    return `CASE WHEN jsonb_typeof(${at}) = 'number' THEN CAST(${at} AS numeric) END`;
  }

  jsonSort(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string[] {
    // jsonb orders numbers by value and strings as text.
    return [this.jsonAt(column, path, bind)];
  }

  /** The jsonb at `path`; array indexes go as text too, which `#>` reads as positions in arrays. */
  private jsonAt(column: string, path: JsonPathSegment[], bind: (value: unknown) => string): string {
    return `(CAST(${column} AS jsonb) #> CAST(${bind(path.map(String))} AS text[]))`;
  }

  override jsonType(): ColumnTypeSpec {
    return { type: 'jsonb' };
  }

  override uuidType(): ColumnTypeSpec {
    return { type: 'uuid' };
  }

  override timestampType(): ColumnTypeSpec {
    return { type: 'timestamp with time zone' };
  }

  alterColumnTypeSql(
    quotedTable: string,
    quotedColumn: string,
    column: ColumnTypeSpec & { precision?: number; scale?: number },
  ): string | null {
    const type = columnSql(column);
    return `ALTER TABLE ${quotedTable} ALTER COLUMN ${quotedColumn} TYPE ${type} USING ${quotedColumn}::${type}`;
  }

  timestampParam(date: Date): string {
    return date.toISOString();
  }

  booleanParam(value: boolean): boolean | number {
    return value;
  }

  translateError(err: QueryFailedError): AppError | null {
    const driver = driverErrorOf(err);
    const key = KEY_DETAIL.exec(driver.detail ?? '');
    const collection = driver.table ?? 'unknown';
    switch (driver.code) {
      case '23505':
        return new RecordNotUniqueError({ collection, field: key?.[1] ?? null, value: key?.[2] });
      case '23503':
        return new InvalidForeignKeyError({ collection, field: key?.[1] ?? null, value: key?.[2] });
      case '23502':
        return new NotNullViolationError({ collection, field: driver.column ?? null });
      case '22001':
        return new ValueTooLongError({ collection, field: driver.column ?? null });
      case '22003':
        return new ValueOutOfRangeError({ collection, field: driver.column ?? null });
      case '22021':
      case '22P05': {
        // A NUL character ("\u0000"): PostgreSQL text and jsonb cannot hold it, the other vendors can.
        const reason = "A value contains a character PostgreSQL can't store (NUL)";
        return /^\s*SELECT/i.test(err.query ?? '') ? new InvalidQueryError(reason) : new InvalidPayloadError(reason);
      }
      case '40P01':
      case '40001':
      case '55P03':
        return new DatabaseBusyError();
      default:
        return null;
    }
  }

  connectionBounds(acquireMs: number): Record<string, unknown> {
    // node-postgres' pool bounds both the wait for a free client and a new client's handshake.
    return { connectTimeoutMS: acquireMs };
  }

  poolStats(driver: unknown): PoolStats | null {
    const pool = (driver as { master?: { totalCount: number; idleCount: number } }).master;
    return pool ? { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount } : null;
  }

  cutConnection(runner: QueryRunner): void {
    const held = runner as unknown as PgRunner;
    // TypeORM releases a client only once; when the request has already released the runner (the
    // connection came too late), the pool must still hear that this client is broken.
    const release = held.releaseCallback;
    held.releaseCallback = undefined;
    held.databaseConnection?.connection?.stream?.destroy();
    release?.(new Error('The database did not answer in time'));
  }

  schemaLock(): SchemaLock {
    // A transaction-level advisory lock: released by the commit or rollback, even if the process dies.
    return {
      acquire: `SELECT 1 AS granted FROM (SELECT pg_advisory_xact_lock(hashtext('${SCHEMA_LOCK_NAME}'))) AS held`,
      release: null,
    };
  }
}

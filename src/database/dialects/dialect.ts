import type { QueryFailedError } from 'typeorm';
import type { AppError } from '../../common/errors/app-error';

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
  /** SQL for a case-insensitive LIKE of an already-quoted column against a named parameter. */
  ilike(column: string, param: string): string;
  randomOrder(): string;
  jsonType(): ColumnTypeSpec;
  uuidType(): ColumnTypeSpec;
  timestampType(): ColumnTypeSpec;
  /** Turns a constraint violation into the error a user understands; null when it is not one. */
  translateError(err: QueryFailedError): AppError | null;
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
  return ((err as unknown as { driverError?: DriverError }).driverError ?? {}) as DriverError;
}

import type { QueryFailedError } from 'typeorm';
import type { AppError } from '../../common/errors/app-error';
import {
  InvalidForeignKeyError,
  NotNullViolationError,
  RecordNotUniqueError,
  ValueOutOfRangeError,
  ValueTooLongError,
} from '../../common/errors/errors';
import { ColumnTypeSpec, Dialect, driverErrorOf } from './dialect';

/** "Key (slug)=(hello) already exists." */
const KEY_DETAIL = /Key \(([^)]+)\)=\((.*)\)/s;

export class PostgresDialect implements Dialect {
  readonly vendor = 'postgres' as const;
  readonly transactionalDdl = true;

  ilike(column: string, param: string): string {
    return `${column} ILIKE :${param}`;
  }

  randomOrder(): string {
    return 'RANDOM()';
  }

  jsonType(): ColumnTypeSpec {
    return { type: 'jsonb' };
  }

  uuidType(): ColumnTypeSpec {
    return { type: 'uuid' };
  }

  timestampType(): ColumnTypeSpec {
    return { type: 'timestamp with time zone' };
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
      default:
        return null;
    }
  }
}

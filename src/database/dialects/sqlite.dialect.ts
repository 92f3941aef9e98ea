import type { QueryFailedError } from 'typeorm';
import type { AppError } from '../../common/errors/app-error';
import { InvalidForeignKeyError, NotNullViolationError, RecordNotUniqueError } from '../../common/errors/errors';
import { ColumnTypeSpec, Dialect, driverErrorOf } from './dialect';

/** "UNIQUE constraint failed: articles.slug" names the table and the column. */
const CONSTRAINT_TARGET = /constraint failed: ([^.\s]+)\.([^,\s]+)/;

export class SqliteDialect implements Dialect {
  readonly vendor = 'sqlite' as const;
  readonly transactionalDdl = true;

  ilike(column: string, param: string): string {
    // SQLite's LIKE is case-insensitive for ASCII letters only.
    return `${column} LIKE :${param}`;
  }

  randomOrder(): string {
    return 'RANDOM()';
  }

  jsonType(): ColumnTypeSpec {
    return { type: 'text' };
  }

  uuidType(): ColumnTypeSpec {
    return { type: 'varchar', length: '36' };
  }

  timestampType(): ColumnTypeSpec {
    return { type: 'datetime' };
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
        // SQLite does not say which key failed.
        return new InvalidForeignKeyError({ collection, field });
      case 'SQLITE_CONSTRAINT_NOTNULL':
        return new NotNullViolationError({ collection, field });
      default:
        return null;
    }
  }
}

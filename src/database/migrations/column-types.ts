import type { TableColumnOptions, QueryRunner } from 'typeorm';
import { dialectFor } from '../dialects/dialect-for';

/** Column builders for migrations, with the vendor's types taken from its dialect. */
export function columnsFor(queryRunner: QueryRunner) {
  const dialect = dialectFor(queryRunner.connection.options.type);
  const uuid = (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
    name,
    ...dialect.uuidType(),
    isNullable: true,
    ...extra,
  });
  return {
    dialect,
    uuidPrimary: (name = 'id'): TableColumnOptions => uuid(name, { isPrimary: true, isNullable: false }),
    uuid,
    increments: (name = 'id'): TableColumnOptions => ({
      name,
      type: 'integer',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment',
    }),
    string: (name: string, length = 255, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'varchar',
      length: String(length),
      isNullable: true,
      ...extra,
    }),
    text: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'text',
      isNullable: true,
      ...extra,
    }),
    integer: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      type: 'integer',
      isNullable: true,
      ...extra,
    }),
    bigInteger: (name: string): TableColumnOptions => ({ name, type: 'bigint', isNullable: true }),
    boolean: (name: string, fallback: boolean): TableColumnOptions => ({
      name,
      type: 'boolean',
      isNullable: false,
      default: fallback ? 'true' : 'false',
    }),
    json: (name: string): TableColumnOptions => ({ name, ...dialect.jsonType(), isNullable: true }),
    timestamp: (name: string, extra: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
      name,
      ...dialect.timestampType(),
      isNullable: true,
      ...extra,
    }),
    now: (): string => 'CURRENT_TIMESTAMP',
  };
}

import { QueryFailedError, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { ContainsNullValuesError, InvalidPayloadError } from '../../../common/errors/errors';
import type { Dialect } from '../../../database/dialects/dialect';
import type { FieldOverview, FieldType } from '../schema.types';
import { canConvert } from './can-convert';
import { columnForField, defaultLiteral, FieldSchemaInput } from './column-for-field';

export function indexFor(table: string, field: string, unique: boolean): TableIndex {
  // MySQL's error translation recovers the field from this name (mysql.dialect.ts).
  return new TableIndex({
    name: `${table}_${field}_${unique ? 'unique' : 'index'}`,
    columnNames: [field],
    isUnique: unique,
  });
}

/** One column's change: where it is, what it is, what it becomes. */
interface ColumnChange {
  runner: QueryRunner;
  dialect: Dialect;
  table: string;
  current: FieldOverview;
  type: FieldType;
  schema: FieldSchemaInput;
  maxLength: number | null | undefined;
  nullable: boolean;
  desired: ReturnType<typeof columnForField>;
}

/** Type, length, nullability, default and indexes, keeping the stored values (CONVENTIONS 13). */
export async function alterColumn(
  runner: QueryRunner,
  dialect: Dialect,
  table: string,
  current: FieldOverview,
  type: FieldType,
  schema: FieldSchemaInput,
): Promise<void> {
  const info = current.schema!;
  const maxLength =
    schema.max_length !== undefined ? schema.max_length : type === current.type ? info.max_length : null;
  const nullable = schema.is_nullable ?? info.is_nullable;
  const desired = columnForField(dialect, current.field, type, {
    max_length: maxLength,
    numeric_precision: schema.numeric_precision ?? info.numeric_precision,
    numeric_scale: schema.numeric_scale ?? info.numeric_scale,
    is_nullable: nullable,
    default_value: schema.default_value !== undefined ? schema.default_value : info.default_value,
    is_primary_key: info.is_primary_key,
    has_auto_increment: info.has_auto_increment,
  });
  const change: ColumnChange = { runner, dialect, table, current, type, schema, maxLength, nullable, desired };
  if (!change.nullable && info.is_nullable) await refuseNulls(change);
  const typeChanged =
    type !== current.type || ((maxLength ?? null) !== (info.max_length ?? null) && ['string', 'hash'].includes(type));
  // Foreign keys elsewhere point at primary keys: their type stays what the collection was created with.
  if (typeChanged && info.is_primary_key)
    throw new InvalidPayloadError(`The type of primary key "${current.field}" can't be changed`);
  if (typeChanged) await changeType(change);
  await changeNullableAndDefault(change);
  await changeIndexes(change);
}

const q = (change: ColumnChange, name: string) => change.dialect.quote(name);

async function column(change: ColumnChange): Promise<TableColumn> {
  return (await change.runner.getTable(change.table))!.findColumnByName(change.current.field)!;
}

async function refuseNulls(change: ColumnChange): Promise<void> {
  const { runner, table, current } = change;
  const where = `${q(change, 't')}.${q(change, current.field)} IS NULL`;
  const nulls = await runner.manager
    .createQueryBuilder()
    .select('COUNT(*)', 'n')
    .from(table, 't')
    .where(where)
    .getRawOne<{ n: unknown }>();
  if (Number(nulls?.n ?? 0) > 0) throw new ContainsNullValuesError({ collection: table, field: current.field });
}

async function changeType(change: ColumnChange): Promise<void> {
  const { runner, dialect, table, current, type, maxLength, nullable, desired } = change;
  const value = `${q(change, 't')}.${q(change, current.field)}`;
  const rows: Record<string, unknown>[] = await runner.manager
    .createQueryBuilder()
    .select(value, 'v')
    .from(table, 't')
    .where(`${value} IS NOT NULL`)
    .getRawMany();
  const bad = rows.find((row) => !canConvert(row.v, type, maxLength ?? null));
  if (bad)
    throw new InvalidPayloadError(
      `Stored value "${String(bad.v)}" of field "${current.field}" can't be converted to ${type}${maxLength ? `(${maxLength})` : ''}`,
    );
  const sql = dialect.alterColumnTypeSql(
    q(change, table),
    q(change, current.field),
    desired as { type: string },
    nullable,
  );
  try {
    const existing = await column(change);
    if (sql) await runner.query(sql);
    else
      await runner.changeColumn(
        table,
        existing,
        new TableColumn({ ...existing, ...desired, isUnique: existing.isUnique }),
      );
  } catch (e) {
    if (e instanceof QueryFailedError)
      throw new InvalidPayloadError(`Stored values of field "${current.field}" can't be converted to ${type}`);
    throw e;
  }
}

async function changeNullableAndDefault(change: ColumnChange): Promise<void> {
  const { schema, type, nullable } = change;
  const existing = await column(change);
  const defaultChanged =
    schema.default_value !== undefined && defaultLiteral(schema.default_value, type) !== existing.default;
  if (existing.isNullable === nullable && !defaultChanged) return;
  const next = existing.clone();
  next.isNullable = nullable;
  if (schema.default_value !== undefined) next.default = defaultLiteral(schema.default_value, type);
  await change.runner.changeColumn(change.table, existing, next);
}

async function changeIndexes(change: ColumnChange): Promise<void> {
  const { runner, table, current, schema } = change;
  for (const [flag, unique] of [
    ['is_unique', true],
    ['is_indexed', false],
  ] as const) {
    const wanted = schema[flag];
    if (wanted === undefined || current.schema!.is_primary_key) continue;
    const name = `${table}_${current.field}_${unique ? 'unique' : 'index'}`;
    const index = (await runner.getTable(table))!.indices.find((i) => i.name === name);
    if (wanted && !index) await runner.createIndex(table, indexFor(table, current.field, unique));
    if (!wanted && index) await runner.dropIndex(table, index);
  }
}

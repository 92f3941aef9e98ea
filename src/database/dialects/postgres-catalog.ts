import type { QueryRunner } from 'typeorm';
import { CatalogColumn, CatalogTable, rowsByTable } from './catalog';

/**
 * PostgreSQL's catalog read for the schema overview in three queries on pg_catalog, whatever the number
 * of tables. TypeORM's getTables answers the same but takes 85 to 165 ms for fifty tables (a correlated
 * subquery per column, a condition per table, a query per column of some types): after a schema apply
 * that was a third of the request. Values are spelled as TypeORM spells them (see catalog.ts).
 */

/** Tables, views and foreign tables as information_schema.tables lists them. */
const RELATIONS = `c.relkind IN ('r', 'p', 'v', 'f') AND n.nspname = current_schema() AND c.relname = ANY($1)`;

// A table without columns comes as one row without a name. Sizes are decoded from the type modifier
// here: information_schema's functions for them, called per column, took most of the query's time.
const COLUMNS_SQL = `SELECT c.relname AS table_name, a.attname AS name, lower(format_type(a.atttypid, NULL)) AS type,
  a.atttypmod AS type_modifier, NOT a.attnotnull AS nullable, a.attidentity <> '' AS identity,
  CASE WHEN a.attgenerated = '' THEN pg_get_expr(d.adbin, d.adrelid) END AS default_sql
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE ${RELATIONS} ORDER BY c.relname, a.attnum`;

const KEY_COLUMNS = (keys: string, table: string) =>
  `ARRAY(SELECT a.attname::text FROM unnest(${keys}) WITH ORDINALITY AS key(num, pos) JOIN pg_attribute a ON a.attrelid = ${table} AND a.attnum = key.num ORDER BY key.pos)`;

const ACTION = (column: string) =>
  `CASE ${column} WHEN 'a' THEN 'NO ACTION' WHEN 'r' THEN 'RESTRICT' WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'd' THEN 'SET DEFAULT' END`;

/** Primary keys, unique constraints and foreign keys; the referenced table named with its schema. */
const CONSTRAINTS_SQL = `SELECT c.relname AS table_name, k.conname AS name, k.contype AS kind, ${KEY_COLUMNS('k.conkey', 'k.conrelid')} AS columns,
  rn.nspname = current_schema() AS same_schema, rn.nspname AS referenced_schema, r.relname AS referenced_table,
  ${KEY_COLUMNS('k.confkey', 'k.confrelid')} AS referenced_columns, ${ACTION('k.confdeltype')} AS on_delete, ${ACTION('k.confupdtype')} AS on_update
FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_class r ON r.oid = k.confrelid LEFT JOIN pg_namespace rn ON rn.oid = r.relnamespace
WHERE k.contype IN ('p', 'u', 'f') AND ${RELATIONS} ORDER BY c.relname, k.conname`;

// An index named as a constraint backs it (primary key, unique constraint): it is listed as the constraint.
const INDICES_SQL = `SELECT c.relname AS table_name, i.relname AS name, x.indisunique AS is_unique, ${KEY_COLUMNS('x.indkey', 'x.indrelid')} AS columns
FROM pg_index x JOIN pg_class c ON c.oid = x.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_class i ON i.oid = x.indexrelid
WHERE ${RELATIONS} AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.relname) ORDER BY c.relname, i.relname`;

interface ColumnRow {
  table_name: string;
  name: string | null;
  type: string;
  /** -1 when the type takes none (or none was given). */
  type_modifier: number;
  nullable: boolean;
  identity: boolean;
  default_sql: string | null;
}

interface ConstraintRow {
  table_name: string;
  name: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  same_schema: boolean | null;
  referenced_schema: string | null;
  referenced_table: string | null;
  referenced_columns: string[];
  on_delete: string | null;
  on_update: string | null;
}

interface IndexRow {
  table_name: string;
  name: string;
  is_unique: boolean;
  columns: string[];
}

/** The header PostgreSQL adds to the modifier of character types and of numeric. */
const VARHDRSZ = 4;
/** PostgreSQL's default fractional-second precision, which TypeORM leaves out. */
const DEFAULT_DATETIME_PRECISION = 6;
const TIME_TYPES = new Set([
  'time without time zone',
  'time with time zone',
  'timestamp without time zone',
  'timestamp with time zone',
]);

type Size = Pick<CatalogColumn, 'length' | 'precision' | 'scale'>;

/**
 * The length, precision and scale TypeORM reports for a column, from its type modifier as
 * information_schema.columns decodes it: lengths of character and bit types (a length of 1, their
 * default, left out), numeric's precision and scale, and the fractional seconds of times and intervals
 * other than the default 6.
 */
export function postgresSize(type: string, modifier: number): Size {
  const given = modifier >= 0;
  switch (type) {
    case 'character varying':
    case 'character':
      return {
        length: given && !(type === 'character' && modifier - VARHDRSZ === 1) ? String(modifier - VARHDRSZ) : '',
      };
    case 'bit varying':
    case 'bit':
      return { length: given && !(type === 'bit' && modifier === 1) ? String(modifier) : '' };
    case 'numeric':
      return given
        ? { length: '', precision: ((modifier - VARHDRSZ) >> 16) & 0xffff, scale: (modifier - VARHDRSZ) & 0xffff }
        : { length: '' };
    case 'interval': {
      const precision = modifier & 0xffff;
      return {
        length: '',
        precision: !given || precision === 0xffff || precision === DEFAULT_DATETIME_PRECISION ? undefined : precision,
      };
    }
    default:
      if (!TIME_TYPES.has(type)) return { length: '' };
      return { length: '', precision: !given || modifier === DEFAULT_DATETIME_PRECISION ? undefined : modifier };
  }
}

/**
 * A column's default and generation as TypeORM reads them: a sequence's `nextval` is an auto-increment
 * key, a UUID function on a uuid column a generated UUID, and other defaults lose their type casts
 * (`'draft'::character varying` is `'draft'`).
 */
export function postgresDefault(
  sql: string | null,
  type: string,
  identity: boolean,
): Pick<CatalogColumn, 'default' | 'isGenerated' | 'generationStrategy'> {
  if (identity) return { isGenerated: true, generationStrategy: 'identity' };
  if (sql === null) return { isGenerated: false };
  if (/^nextval\('.+'::regclass\)$/.test(sql)) return { isGenerated: true, generationStrategy: 'increment' };
  if (sql === 'gen_random_uuid()' || /^uuid_generate_v\d\(\)/.test(sql)) {
    return type === 'uuid' ? { isGenerated: true, generationStrategy: 'uuid' } : { isGenerated: false, default: sql };
  }
  if (sql === 'now()' || sql.includes("'now'::text")) return { isGenerated: false, default: sql };
  return { isGenerated: false, default: sql.replace(/::[\w\s.[\]\-"]+/g, '').replace(/^(-?\d+)$/, "'$1'") };
}

function columnOf(row: ColumnRow & { name: string }, constraints: ConstraintRow[]): CatalogColumn {
  const keys = constraints.filter((k) => k.columns.includes(row.name));
  return {
    name: row.name,
    type: row.type,
    ...postgresSize(row.type, row.type_modifier),
    isNullable: row.nullable,
    isPrimary: keys.some((k) => k.kind === 'p'),
    isUnique: keys.some((k) => k.kind === 'u' && k.columns.length === 1),
    ...postgresDefault(row.default_sql, row.type, row.identity),
  };
}

function tableOf(name: string, columns: ColumnRow[], constraints: ConstraintRow[], indices: IndexRow[]): CatalogTable {
  return {
    name,
    columns: columns
      .filter((row): row is ColumnRow & { name: string } => row.name !== null)
      .map((row) => columnOf(row, constraints)),
    indices: indices
      .filter((i) => i.columns.length > 0)
      .map((i) => ({ name: i.name, columnNames: i.columns, isUnique: i.is_unique })),
    uniques: constraints.filter((k) => k.kind === 'u').map((k) => ({ name: k.name, columnNames: k.columns })),
    foreignKeys: constraints
      .filter((k) => k.kind === 'f')
      .map((k) => ({
        name: k.name,
        columnNames: k.columns,
        referencedTableName: k.same_schema ? k.referenced_table! : `${k.referenced_schema}.${k.referenced_table}`,
        referencedColumnNames: k.referenced_columns,
        onDelete: k.on_delete ?? undefined,
        onUpdate: k.on_update ?? undefined,
      })),
  };
}

/** The tables among `names` in the connection's schema; names that are no table are left out. */
export async function readPostgresCatalog(runner: QueryRunner, names: string[]): Promise<CatalogTable[]> {
  if (names.length === 0) return [];
  // One after the other: the runner of an open transaction has one connection.
  const columns = rowsByTable((await runner.query(COLUMNS_SQL, [names])) as ColumnRow[], (row) => row.table_name);
  const constraints = rowsByTable(
    (await runner.query(CONSTRAINTS_SQL, [names])) as ConstraintRow[],
    (row) => row.table_name,
  );
  const indices = rowsByTable((await runner.query(INDICES_SQL, [names])) as IndexRow[], (row) => row.table_name);
  return [...columns].map(([name, rows]) => tableOf(name, rows, constraints.get(name) ?? [], indices.get(name) ?? []));
}

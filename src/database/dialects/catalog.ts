import type { ColumnType, Driver } from 'typeorm';

/**
 * What the schema overview reads of a table's definition: the members of TypeORM's `Table` it uses, in
 * TypeORM's spelling, so a dialect can answer with TypeORM's introspection or with a reader of its own.
 */
export interface CatalogColumn {
  name: string;
  /** The vendor's type name in lower case (`character varying`, `int`). */
  type: string;
  /** The declared length as text; empty when the type has none or the vendor's default. */
  length: string;
  /** MySQL's display width (`tinyint(1)`). */
  width?: number;
  precision?: number | null;
  scale?: number | null;
  isNullable: boolean;
  isPrimary: boolean;
  /** Unique by a constraint on this column alone. */
  isUnique: boolean;
  /** The default as the vendor writes it (`'draft'`, `CURRENT_TIMESTAMP`); undefined when there is none. */
  default?: unknown;
  isGenerated: boolean;
  generationStrategy?: 'uuid' | 'increment' | 'rowid' | 'identity';
}

export interface CatalogIndex {
  name?: string;
  columnNames: string[];
  isUnique?: boolean;
}

export interface CatalogForeignKey {
  name?: string;
  columnNames: string[];
  /** `schema.table` when the table is in another schema than the connection's. */
  referencedTableName: string;
  referencedColumnNames: string[];
  onDelete?: string;
  onUpdate?: string;
}

/** A foreign key of `table` onto another table, with what the database does to its rows. */
export interface ForeignKeyRef {
  table: string;
  onDelete?: string;
  onUpdate?: string;
}

/** The foreign keys of the collections' tables, by the table they reference. */
export type ReferencingKeys = ReadonlyMap<string, readonly ForeignKeyRef[]>;

export interface CatalogTable {
  name: string;
  columns: CatalogColumn[];
  /** Indexes that are no constraint (unique constraints are in `uniques`, the primary key on its columns). */
  indices: CatalogIndex[];
  uniques: { name?: string; columnNames: string[] }[];
  foreignKeys: CatalogForeignKey[];
}

/** What of TypeORM's driver `withTypeDefaults` reads; SQLite's driver has no `dataTypeDefaults`, whatever its type says. */
export interface TypeDefaults {
  dataTypeDefaults?: Driver['dataTypeDefaults'];
  withLengthColumnTypes: Driver['withLengthColumnTypes'];
}

/**
 * TypeORM's introspection leaves out a length, precision or scale equal to its default for the type
 * (MySQL's `varchar` 255, `char` 1, `decimal` 10 and 0), and a reader of the catalog does the same to
 * match it; they are put back, so a field reports its column's max_length and numeric precision and
 * scale on every vendor. Only exact numbers get precision and scale back: a float's are the vendor's own.
 */
export function withTypeDefaults(driver: TypeDefaults, tables: CatalogTable[]): CatalogTable[] {
  for (const column of tables.flatMap((table) => table.columns)) {
    const defaults = driver.dataTypeDefaults?.[column.type];
    if (!defaults) continue;
    if (
      column.length === '' &&
      defaults.length !== undefined &&
      driver.withLengthColumnTypes.includes(column.type as ColumnType)
    )
      column.length = String(defaults.length);
    if (defaults.precision === undefined || defaults.scale === undefined) continue;
    column.precision ??= defaults.precision;
    column.scale ??= defaults.scale;
  }
  return tables;
}

/** Catalog rows grouped by the table they describe, in the order they came. */
export function rowsByTable<T>(rows: T[], tableOf: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const table = tableOf(row);
    const list = out.get(table);
    if (list) list.push(row);
    else out.set(table, [row]);
  }
  return out;
}

import { DataSource } from 'typeorm';
import { FIELD_TYPES } from '../../src/common/field-types';
import { CatalogTable, withTypeDefaults } from '../../src/database/dialects/catalog';
import { DIALECT, Dialect } from '../../src/database/dialects/dialect';
import type { SchemaOverview } from '../../src/modules/schema/schema-overview';
import { SchemaOverviewService } from '../../src/modules/schema/schema-overview.service';
import { createCollection, createRelation } from '../factories/collection.factory';
import { createSampleSchema } from '../factories/schema.factory';
import { createTestApp, TestApp } from '../helpers/test-app';

/**
 * The overview as plain data, fields by name and foreign keys by referenced table: TypeORM lists a
 * table's columns in no fixed order on PostgreSQL (system tables came back in another order from run to
 * run), so the column order of the catalog reader is checked on its own.
 */
function comparable(overview: SchemaOverview) {
  const byName = (fields: object) =>
    Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return {
    collections: [...overview.collections.values()].map((c) => ({ ...c, fields: byName(c.fields) })),
    relations: overview.relations,
    referencing: [...overview.referencing.entries()]
      .map(([table, refs]) => [table, [...refs].sort((a, b) => a.table.localeCompare(b.table))] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  };
}

/** Every type that makes a column, so a type added to the server is read back here too. */
const COLUMN_TYPES = FIELD_TYPES.filter((type) => type !== 'alias');

/** Tables as the overview uses them, sizes left implicit put back; columns and keys by name (see comparable). */
function comparableTables(tables: CatalogTable[], driver: DataSource['driver']) {
  const byName = <T extends { name?: string }>(list: T[]) =>
    [...list].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  return byName(withTypeDefaults(driver, tables)).map((table) => ({
    name: table.name,
    columns: byName(table.columns).map(
      ({
        name,
        type,
        length,
        width,
        precision,
        scale,
        isNullable,
        isPrimary,
        isUnique,
        default: value,
        isGenerated,
        generationStrategy,
      }) => ({
        ...{
          name,
          type,
          length,
          width,
          precision,
          scale,
          isNullable,
          isPrimary,
          isUnique,
          default: value,
          isGenerated,
          generationStrategy,
        },
      }),
    ),
    indices: byName(table.indices).map(({ name, columnNames, isUnique }) => ({
      name,
      columnNames,
      isUnique: Boolean(isUnique),
    })),
    uniques: byName(table.uniques).map(({ name, columnNames }) => ({ name, columnNames })),
    foreignKeys: byName(table.foreignKeys).map(
      ({ name, columnNames, referencedTableName, referencedColumnNames, onDelete, onUpdate }) => ({
        ...{ name, columnNames, referencedTableName, referencedColumnNames, onDelete, onUpdate },
      }),
    ),
  }));
}

/**
 * Each dialect reads the table definitions for the schema overview its own way (PostgreSQL from its
 * catalog); whatever the way, the overview must be the one TypeORM's introspection gives.
 */
describe('schema overview from the database catalog', () => {
  let t: TestApp;
  let names: { authors: string; articles: string; folder: string };

  beforeAll(async () => {
    t = await createTestApp();
    names = await createSampleSchema(t, 'catalog');
    await createCollection(t, 'catalog_codes', [
      { field: 'code', type: 'string', schema: { is_primary_key: true, max_length: 20 } },
      { field: 'amount', type: 'decimal', schema: { numeric_precision: 12, numeric_scale: 4, default_value: 1.5 } },
      { field: 'quantity', type: 'integer', schema: { is_nullable: false, is_unique: true, default_value: 3 } },
      { field: 'ratio', type: 'float', schema: { default_value: -2.5 } },
      { field: 'active', type: 'boolean', schema: { default_value: true } },
      { field: 'due', type: 'dateTime', schema: { is_indexed: true } },
      { field: 'label', type: 'string', schema: { default_value: "it's" } },
      { field: 'writer', type: 'uuid' },
      { field: 'article', type: 'integer' },
    ]);
    await createRelation(t, 'catalog_codes', 'writer', names.authors, 'codes');
    await createRelation(t, 'catalog_codes', 'article', names.articles, undefined, 'NO ACTION');
    await createCollection(
      t,
      'catalog_types',
      COLUMN_TYPES.map((type) => ({ field: `a_${type}`, type })),
    );
  });
  afterAll(() => t.close());

  it("is the overview TypeORM's introspection of the same tables gives", async () => {
    const overviews = t.app.get(SchemaOverviewService);
    const dialect = t.app.get<Dialect>(DIALECT);
    const ours = comparable(await overviews.reload());
    const read = dialect.readTables.bind(dialect);
    dialect.readTables = (runner, tables) => runner.getTables(tables);
    let typeorm: ReturnType<typeof comparable>;
    try {
      typeorm = comparable(await overviews.reload());
    } finally {
      dialect.readTables = read;
      await overviews.reload();
    }
    const codes = ours.collections.find((c) => c.collection === 'catalog_codes');
    expect(Object.keys(overviews.current.collection('catalog_codes')!.fields)).toEqual([
      'code',
      'amount',
      'quantity',
      'ratio',
      'active',
      'due',
      'label',
      'writer',
      'article',
    ]);
    expect(codes?.fields.quantity.schema).toMatchObject({ is_unique: true, is_nullable: false, default_value: 3 });
    expect(ours.referencing.length).toBeGreaterThan(0);
    expect(ours).toEqual(typeorm);
  });

  it("reads every table's columns, sizes, defaults, indexes and keys as TypeORM's introspection does", async () => {
    const dataSource = t.app.get(DataSource);
    const dialect = t.app.get<Dialect>(DIALECT);
    const tables = [...t.app.get(SchemaOverviewService).current.collections.values()]
      .map((c) => c.table)
      .filter((name): name is string => !!name);
    const runner = dataSource.createQueryRunner();
    try {
      const ours = comparableTables(await dialect.readTables(runner, tables), dataSource.driver);
      const typeorm = comparableTables(await runner.getTables(tables), dataSource.driver);
      expect(ours.map((table) => table.name)).toEqual(
        expect.arrayContaining(['catalog_codes', 'catalog_types', 'svc_revisions', 'svc_users']),
      );
      expect(ours).toEqual(typeorm);
    } finally {
      await runner.release();
    }
  });
});

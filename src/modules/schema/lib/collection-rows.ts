import { EntityTarget, In, ObjectLiteral, QueryRunner } from 'typeorm';
import type { Dialect } from '../../../database/dialects/dialect';
import { insertRows, rowsPerInsert } from '../../../database/insert-rows';
import { CollectionMetaEntity } from '../entities/collection-meta.entity';
import { FieldMetaEntity } from '../entities/field-meta.entity';
import type { FieldInput } from '../schema-inputs';
import { FIELD_META, pickMeta } from './meta-values';
import { DdlStatement, runDdl, StepStatement } from './run-ddl';

/** `items` in slices of at most `size`. */
function slices<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The tables among `names` that exist in the database, in one query (a new collection must not take one over). */
export async function tablesAmong(runner: QueryRunner, dialect: Dialect, names: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of slices(names, rowsPerInsert(dialect.maxParameters, 1))) {
    const bound: unknown[] = [];
    const placeholders = part.map((name) => dialect.parameter(name, bound)).join(', ');
    const rows = (await runner.query(dialect.tablesAmongSql(placeholders), bound)) as { name: string }[];
    for (const row of rows) found.add(row.name);
  }
  return new Set(names.filter((name) => found.has(name)));
}

/**
 * How a schema apply runs one of many collection changes: `reload: false` leaves the overview as it was,
 * the meta rows wait in `rows` for the run's flush, and `existing` names the tables found among the
 * run's new collections beforehand. Without them each change stands alone.
 */
export interface BatchOptions {
  reload: boolean;
  rows?: CollectionRows;
  existing?: ReadonlySet<string>;
}

/**
 * The DDL and meta rows of created and deleted collections, written together by `flush`: a schema apply
 * that creates (or deletes) many collections in one transaction sends their tables' DDL at once and
 * writes each meta table's rows in a few statements instead of three per collection. Flush before
 * reading the overview (or the tables) again.
 */
export class CollectionRows {
  private statements: StepStatement[] = [];
  private collections: Partial<CollectionMetaEntity>[] = [];
  private fields: Partial<FieldMetaEntity>[] = [];
  private deleted: string[] = [];
  /** The plan step that the DDL added next belongs to; a schema apply sets it before each step. */
  step = 0;

  /** `onStep` is told the step of each statement run alone (see runDdl), so a failure names its step. */
  constructor(
    private readonly dialect: Dialect,
    private readonly onStep: (step: number) => void = () => undefined,
  ) {}

  /** A new collection's table DDL and rows, each field at its place in the list unless its meta says otherwise. */
  created(
    meta: Partial<CollectionMetaEntity> & { collection: string },
    fields: FieldInput[],
    ddl: DdlStatement[],
  ): void {
    this.addDdl(ddl);
    // API.md 8: collections are tracked (`all`) unless their meta says otherwise.
    this.collections.push({ accountability: 'all', ...meta });
    const collection = meta.collection;
    for (const [index, input] of fields.entries()) {
      const values = pickMeta(input.meta, FIELD_META) as Partial<FieldMetaEntity>;
      this.fields.push({
        ...values,
        // A given null stays null (as a snapshot lists a field without a position): applying a snapshot gives it back.
        sort: values.sort === undefined ? index + 1 : values.sort,
        collection,
        field: input.field,
        ...(input.type ? { type: input.type } : {}),
      });
    }
  }

  /** A deleted collection: its table (by `ddl`) and its field, collection and permission rows go. */
  removed(collection: string, ddl: DdlStatement[]): void {
    this.addDdl(ddl);
    this.deleted.push(collection);
  }

  private addDdl(ddl: DdlStatement[]): void {
    for (const statement of ddl) this.statements.push({ ...statement, step: this.step });
  }

  /** Runs the DDL waiting so far. */
  async flushDdl(runner: QueryRunner): Promise<void> {
    const statements = this.statements;
    this.statements = [];
    await runDdl(runner, this.dialect, statements, this.onStep);
    // What fails after the DDL belongs to the step being run, as before.
    if (statements.length > 0) this.onStep(this.step);
  }

  /** The DDL, then the meta rows. */
  async flush(runner: QueryRunner): Promise<void> {
    await this.flushDdl(runner);
    const { collections, fields, deleted } = this;
    this.collections = [];
    this.fields = [];
    this.deleted = [];
    const manager = runner.manager;
    const names = rowsPerInsert(this.dialect.maxParameters, 1);
    for (const part of slices(deleted, names)) {
      await manager.getRepository(FieldMetaEntity).delete({ collection: In(part) });
      await manager.getRepository(CollectionMetaEntity).delete({ collection: In(part) });
      await manager
        .createQueryBuilder()
        .delete()
        .from('svc_permissions')
        .where('collection IN (:...part)', { part })
        .execute();
    }
    // No row can exist: the overview lists every collection that has one.
    await this.insert(runner, CollectionMetaEntity, collections);
    // Rows left by a collection that was dropped outside Vellum are replaced, not duplicated.
    for (const part of slices([...new Set(collections.map((c) => c.collection!))], names)) {
      await manager.getRepository(FieldMetaEntity).delete({ collection: In(part) });
    }
    await this.insert(runner, FieldMetaEntity, fields);
  }

  /**
   * Rows that give every column (a snapshot's entries do) go through insertRows with the values TypeORM
   * would bind: its query builder takes longer to build a thousand rows' INSERT than the database takes
   * to run it. A row leaving a column out is inserted by TypeORM, whose stand-in for the value (DEFAULT,
   * or the entity's default on SQLite) differs by vendor. Nothing reads the generated keys back.
   */
  private async insert<T extends ObjectLiteral>(
    runner: QueryRunner,
    entity: EntityTarget<T>,
    rows: Partial<T>[],
  ): Promise<void> {
    const { driver } = runner.manager.connection;
    const metadata = runner.manager.connection.getMetadata(entity);
    const columns = metadata.columns.filter((column) => !column.isGenerated);
    const values = rows.map((row) =>
      columns.map((column) => driver.preparePersistentValue(column.getEntityValue(row), column) as unknown),
    );
    if (values.every((row) => row.every((value) => value !== undefined))) {
      await insertRows(
        runner.manager,
        this.dialect,
        metadata.tableName,
        columns.map((column) => column.databaseName),
        values,
        null,
      );
      return;
    }
    for (const part of slices(rows, rowsPerInsert(this.dialect.maxParameters, metadata.columns.length))) {
      // JSON members (options, translations) are stored whole; TypeORM's deep-partial type cannot say so.
      await runner.manager.createQueryBuilder().insert().into(entity).values(part).updateEntity(false).execute();
    }
  }
}

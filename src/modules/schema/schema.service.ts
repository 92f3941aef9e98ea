import { withPrimaryKey } from './lib/primary-key-field';
import { saveFieldMeta } from './lib/field-metas';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, QueryRunner, Table, TableColumn } from 'typeorm';
import { DatabaseBusyError, ForbiddenError, InvalidPayloadError } from '../../common/errors/errors';
import { Dialect, DIALECT } from '../../database/dialects/dialect';
import { CacheService } from '../cache/cache.service';
import { CollectionMetaEntity } from './entities/collection-meta.entity';
import { FieldMetaEntity } from './entities/field-meta.entity';
import { RelationMetaEntity } from './entities/relation-meta.entity';
import { alterColumn, indexFor } from './lib/alter-column';
import { checkFieldSchema, columnForField } from './lib/column-for-field';
import { checkRelationMeta } from './lib/check-relation-meta';
import { dropForeignKey, onDeleteAction, relationForeignKey, removeRelation, saveOneField } from './lib/relation-ddl';
import { BatchOptions, CollectionRows, tablesAmong } from './lib/collection-rows';
import { createTableDdl, DdlStatement } from './lib/run-ddl';
import { COLLECTION_META, FIELD_META, normalizeSpecial, pickMeta, RELATION_META } from './lib/meta-values';
import { SchemaOverviewService } from './schema-overview.service';
import type { SchemaOverview } from './schema-overview';
import type { CollectionInput, FieldInput, RelationInput } from './schema-inputs';
import { FieldType, isFieldType } from './schema.types';
import { isSystemCollection } from './system-schema';
import { isPlainObject } from '../../common/is-plain-object';
import { isPrototypeKey } from '../../common/prototype-keys';

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Collections, fields and relations (API.md 11): DDL through TypeORM's QueryRunner plus the meta rows.
 * Every operation takes the QueryRunner of an open transaction, so schema apply can chain them; `run`
 * wraps one change for the HTTP endpoints. Each operation rebuilds the overview it leaves behind.
 */
@Injectable()
export class SchemaService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(DIALECT) private readonly dialect: Dialect,
    private readonly overviews: SchemaOverviewService,
    private readonly cache: CacheService,
  ) {}

  get overview(): SchemaOverview {
    return this.overviews.current;
  }

  /**
   * Runs a schema change in one transaction holding the database's schema lock, so changes from every
   * instance on the database happen one after the other; reads and item writes go on meanwhile.
   */
  run<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    return this.overviews.whileChanging(() => this.runLocked(work));
  }

  private async runLocked<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const lock = this.dialect.schemaLock();
    try {
      await runner.startTransaction();
      if (lock) await this.acquire(runner, lock.acquire);
      const result = await work(runner);
      await runner.commitTransaction();
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw e;
    } finally {
      if (lock?.release) await runner.query(lock.release).catch(() => undefined);
      await runner.release();
      await this.overviews.changed();
      // Cached reads of any collection may have been shaped by the old schema.
      await this.cache.invalidateCollection('svc_fields');
    }
  }

  private async acquire(runner: QueryRunner, sql: string): Promise<void> {
    const rows = (await runner.query(sql)) as { granted: number | string | null }[];
    // Still held by another instance's change after the wait: the caller may retry.
    if (Number(rows[0]?.granted) !== 1) throw new DatabaseBusyError();
  }

  private requireCollection(name: string, overview = this.overview) {
    const collection = overview.collection(name);
    if (!collection) throw new ForbiddenError();
    return collection;
  }

  private requireUserCollection(name: string, overview = this.overview) {
    const collection = this.requireCollection(name, overview);
    if (collection.system) throw new InvalidPayloadError(`System collection "${name}" can't be changed`);
    return collection;
  }

  /**
   * A schema apply creating many collections batches them (BatchOptions): the overview is reloaded once
   * after the last one instead of after each (each reload reads every table's definition).
   */
  async createCollection(
    runner: QueryRunner,
    input: CollectionInput,
    options: BatchOptions = { reload: true },
  ): Promise<string> {
    if (!isPlainObject(input) || typeof input.collection !== 'string' || !NAME.test(input.collection)) {
      throw new InvalidPayloadError('"collection" must be a name of letters, digits, "_" or "-"');
    }
    const name = input.collection;
    if (isPrototypeKey(name)) throw new InvalidPayloadError(`"${name}" can't name a collection`); // rows and the overview are keyed by names
    if (isSystemCollection(name)) throw new InvalidPayloadError('Collection names can\'t start with "svc_"');
    const taken = async () => (options.existing ?? (await tablesAmong(runner, this.dialect, [name]))).has(name);
    if (this.overview.has(name) || (await taken()))
      throw new InvalidPayloadError(`Collection "${name}" already exists`);
    if (input.fields !== undefined && !Array.isArray(input.fields))
      throw new InvalidPayloadError('"fields" must be an array');
    const checked = (input.fields ?? []).map((f) => this.checkFieldInput(f));
    // Checked before any DDL: on MySQL a table created before a refused meta would stay.
    const meta = this.collectionMeta(name, input.meta ?? {});
    const folder = input.schema === null;

    const fields = folder ? checked : withPrimaryKey(checked);
    let ddl: DdlStatement[] = [];
    if (!folder) {
      const columns = fields
        .filter((f) => f.type !== 'alias')
        .map((f) => new TableColumn(columnForField(this.dialect, f.field, f.type!, f.schema ?? {})));
      const indices = fields
        .filter((f) => f.type !== 'alias' && !f.schema?.is_primary_key && (f.schema?.is_unique || f.schema?.is_indexed))
        .map((f) => indexFor(name, f.field, !!f.schema?.is_unique));
      ddl = await createTableDdl(runner, new Table({ name, columns, indices }));
    }
    // The table is created with the rows: at once here, or with the rest of the apply's run.
    await this.writeRows(runner, options, (rows) => rows.created(meta, fields, ddl));
    if (options.reload) await this.overviews.reload(runner.manager);
    return name;
  }

  /** DDL and meta rows join the batch's `rows`, run now when the change stands alone or the overview is read next. */
  private async writeRows(
    runner: QueryRunner,
    options: BatchOptions,
    add: (rows: CollectionRows) => void,
  ): Promise<void> {
    const rows = options.rows ?? new CollectionRows(this.dialect);
    add(rows);
    if (!options.rows || options.reload) await rows.flush(runner);
  }

  private collectionMeta(
    name: string,
    meta: Record<string, unknown>,
  ): Partial<CollectionMetaEntity> & { collection: string } {
    if (!isPlainObject(meta)) throw new InvalidPayloadError('"meta" must be an object');
    const values = pickMeta(meta, COLLECTION_META) as Partial<CollectionMetaEntity>;
    if (values.accountability !== undefined && !['all', 'activity', null].includes(values.accountability)) {
      throw new InvalidPayloadError('"meta.accountability" must be "all", "activity" or null');
    }
    return { collection: name, ...values };
  }

  async updateCollection(runner: QueryRunner, name: string, meta: unknown): Promise<void> {
    const collection = this.requireCollection(name);
    if (meta === undefined) return;
    if (!isPlainObject(meta)) throw new InvalidPayloadError('"meta" must be an object');
    if (collection.system) throw new InvalidPayloadError(`System collection "${name}" can't be changed`);
    const repo = runner.manager.getRepository(CollectionMetaEntity);
    const existing = await repo.findOneBy({ collection: name });
    await repo.save({ ...(existing ?? {}), ...this.collectionMeta(name, meta) });
    await this.overviews.reload(runner.manager);
  }

  /**
   * Batched as createCollection; a collection that had relations reloads the overview anyway (flushing
   * the batch's rows first), since the next deletion must not see the relations this one removed.
   */
  async deleteCollection(runner: QueryRunner, name: string, options: BatchOptions = { reload: true }): Promise<void> {
    const collection = this.requireUserCollection(name);
    const overview = this.overview;
    let relationsRemoved = false;
    for (const relation of overview.relations) {
      if (relation.meta?.system) continue;
      const allowed = relation.meta?.one_allowed_collections ?? [];
      if (
        relation.collection === name ||
        relation.related_collection === name ||
        (allowed.length === 1 && allowed[0] === name)
      ) {
        await removeRelation(runner, this.overview, relation.collection, relation.field, relation.collection !== name);
        relationsRemoved = true;
      } else if (allowed.includes(name)) {
        // As the reference: a many-to-any keeps its other collections.
        const where = { many_collection: relation.collection, many_field: relation.field };
        await runner.manager
          .getRepository(RelationMetaEntity)
          .update(where, { one_allowed_collections: allowed.filter((c) => c !== name) });
        relationsRemoved = true;
      }
    }
    // The table's indexes and its own foreign keys go with it: TypeORM's dropTable would first read its definition.
    const ddl = collection.table ? [{ query: `DROP TABLE ${this.dialect.quote(collection.table)}` }] : [];
    const reload = options.reload || relationsRemoved;
    await this.writeRows(runner, { ...options, reload }, (rows) => rows.removed(name, ddl));
    if (reload) await this.overviews.reload(runner.manager);
  }

  private checkFieldInput(input: unknown): FieldInput & { type: FieldType } {
    if (!isPlainObject(input)) throw new InvalidPayloadError('A field must be an object');
    const { field, type, meta, schema } = input as unknown as FieldInput;
    if (typeof field !== 'string' || !NAME.test(field))
      throw new InvalidPayloadError('"field" must be a name of letters, digits, "_" or "-"');
    if (isPrototypeKey(field)) throw new InvalidPayloadError(`"${field}" can't name a field`);
    if (!isFieldType(type)) throw new InvalidPayloadError(`"type" of field "${field}" must be one of the field types`);
    if (meta !== undefined && meta !== null && !isPlainObject(meta))
      throw new InvalidPayloadError(`"meta" of field "${field}" must be an object`);
    if (schema !== undefined && schema !== null && !isPlainObject(schema))
      throw new InvalidPayloadError(`"schema" of field "${field}" must be an object`);
    if (schema) checkFieldSchema(schema, field, type);
    const special = normalizeSpecial(meta?.special);
    const checkedMeta = meta ? { ...meta, ...(special !== undefined ? { special } : {}) } : meta;
    pickMeta(checkedMeta, FIELD_META);
    return { field, type, meta: checkedMeta, schema: type === 'alias' ? null : (schema ?? {}) };
  }

  async createField(runner: QueryRunner, collection: string, input: unknown): Promise<string> {
    const target = this.requireUserCollection(collection);
    const field = this.checkFieldInput(input);
    if (target.fields[field.field])
      throw new InvalidPayloadError(`Field "${field.field}" already exists in collection "${collection}"`);
    if (field.type !== 'alias') {
      if (!target.table) throw new InvalidPayloadError(`Collection "${collection}" is a folder and has no table`);
      if (field.schema?.is_primary_key)
        throw new InvalidPayloadError('A primary key can only be given when the collection is created');
      await runner.addColumn(
        target.table,
        new TableColumn(columnForField(this.dialect, field.field, field.type, field.schema ?? {})),
      );
      if (field.schema?.is_unique || field.schema?.is_indexed) {
        await runner.createIndex(target.table, indexFor(target.table, field.field, !!field.schema.is_unique));
      }
    }
    const count = Object.keys(target.fields).length;
    await saveFieldMeta(runner, collection, field, count + 1);
    await this.overviews.reload(runner.manager);
    return field.field;
  }

  async updateField(runner: QueryRunner, collection: string, fieldName: string, input: unknown): Promise<void> {
    const target = this.requireCollection(collection);
    const current = target.fields[fieldName];
    if (!current) throw new ForbiddenError();
    if (!isPlainObject(input)) throw new InvalidPayloadError('The body must be an object');
    const type = (input.type ?? current.type) as FieldType;
    if (!isFieldType(type)) throw new InvalidPayloadError('"type" must be one of the field types');
    if ((type === 'alias') !== (current.type === 'alias'))
      throw new InvalidPayloadError('A field can\'t change to or from type "alias"');
    if (input.meta !== undefined && input.meta !== null && !isPlainObject(input.meta))
      throw new InvalidPayloadError('"meta" must be an object');
    if (input.schema !== undefined && input.schema !== null && !isPlainObject(input.schema))
      throw new InvalidPayloadError('"schema" must be an object');
    if (target.system && (input.type !== undefined || input.schema))
      throw new InvalidPayloadError(`System field "${fieldName}" can't be changed`);
    const schema = checkFieldSchema(
      input.schema ?? {},
      fieldName,
      type,
      current.schema?.numeric_precision ?? undefined,
    );
    const special = normalizeSpecial((input.meta as Record<string, unknown> | undefined)?.special);
    const meta = input.meta ? { ...input.meta, ...(special !== undefined ? { special } : {}) } : {};
    pickMeta(meta, FIELD_META);

    if (type !== 'alias' && target.table && current.schema) {
      await alterColumn(runner, this.dialect, target.table, current, type, schema);
    }
    await saveFieldMeta(runner, collection, { field: fieldName, type, meta });
    await this.overviews.reload(runner.manager);
  }

  async deleteField(runner: QueryRunner, collection: string, fieldName: string): Promise<void> {
    const target = this.requireUserCollection(collection);
    const field = target.fields[fieldName];
    if (!field) throw new ForbiddenError();
    if (field.primaryKey) throw new InvalidPayloadError("The primary key can't be deleted");
    const overview = this.overview;
    const link = overview.relation(collection, fieldName);
    if (link?.type === 'm2o') await removeRelation(runner, this.overview, collection, fieldName, false);
    if (link?.type === 'o2m') {
      await runner.manager
        .getRepository(RelationMetaEntity)
        .update({ many_collection: link.related, many_field: link.relatedField }, { one_field: null });
    }
    if (field.type !== 'alias' && target.table) {
      const table = (await runner.getTable(target.table))!;
      for (const index of table.indices.filter((i) => i.columnNames.includes(fieldName)))
        await runner.dropIndex(table, index);
      await runner.dropColumn(target.table, fieldName);
    }
    await runner.manager.getRepository(FieldMetaEntity).delete({ collection, field: fieldName });
    await this.overviews.reload(runner.manager);
  }

  async createRelation(runner: QueryRunner, input: unknown): Promise<void> {
    if (!isPlainObject(input)) throw new InvalidPayloadError('The body must be an object');
    const { collection, field, related_collection: related } = input as unknown as RelationInput;
    if (typeof collection !== 'string' || typeof field !== 'string')
      throw new InvalidPayloadError('"collection" and "field" are required');
    const many = this.requireUserCollection(collection);
    const manyField = many.fields[field];
    if (!manyField) throw new InvalidPayloadError(`Field "${field}" does not exist in collection "${collection}"`);
    if (this.overview.relationEntry(collection, field))
      throw new InvalidPayloadError(`Field "${collection}.${field}" already has a relation`);
    if (related !== undefined && related !== null && (typeof related !== 'string' || !this.overview.has(related))) {
      throw new InvalidPayloadError(`Related collection "${String(related)}" does not exist`);
    }
    const meta = isPlainObject(input.meta) ? input.meta : {};
    const metaValues = pickMeta(meta, RELATION_META);
    const oneField = meta.one_field;
    const { keepOneField } = checkRelationMeta(this.overview, collection, related ?? null, metaValues);
    const schema = input.schema as RelationInput['schema'];
    if (related && schema !== null && manyField.type !== 'alias' && many.table) {
      const onDelete = onDeleteAction(schema?.on_delete ?? 'SET NULL');
      const target = this.overview.collection(related)!;
      if (!target.table) throw new InvalidPayloadError(`Related collection "${related}" has no table`);
      await runner.createForeignKey(
        many.table,
        relationForeignKey(collection, field, target.table, target.primary, onDelete),
      );
    }
    await runner.manager.getRepository(RelationMetaEntity).save({
      ...(metaValues as Partial<RelationMetaEntity>),
      many_collection: collection,
      many_field: field,
      one_collection: related ?? null,
    });
    if (typeof oneField === 'string' && related && !keepOneField) {
      await saveOneField(runner, related, oneField);
    }
    // A many-to-any's `item` holds keys of several collections: no many-to-one of its own.
    if (related && !manyField.special.includes('m2o') && manyField.type !== 'alias') {
      await saveFieldMeta(runner, collection, { field, meta: { special: [...manyField.special, 'm2o'] } });
    }
    await this.overviews.reload(runner.manager);
  }

  async updateRelation(runner: QueryRunner, collection: string, field: string, input: unknown): Promise<void> {
    const relation = this.overview.relationEntry(collection, field);
    if (!relation || relation.meta?.system) throw new ForbiddenError();
    if (!isPlainObject(input)) throw new InvalidPayloadError('The body must be an object');
    const meta = isPlainObject(input.meta) ? pickMeta(input.meta, RELATION_META) : {};
    const oneField = meta.one_field;
    const previousOneField = relation.meta?.one_field ?? null;
    if (oneField !== undefined && oneField !== previousOneField) {
      if (previousOneField && relation.related_collection) {
        await runner.manager
          .getRepository(FieldMetaEntity)
          .delete({ collection: relation.related_collection, field: previousOneField });
      }
      if (typeof oneField === 'string' && relation.related_collection) {
        if (!NAME.test(oneField) || this.overview.field(relation.related_collection, oneField)) {
          throw new InvalidPayloadError(`"meta.one_field" "${oneField}" is not a free field name`);
        }
        await saveOneField(runner, relation.related_collection, oneField);
      }
    }
    // A body with only `schema` (the SDK's updateRelation(c, f, { schema })) leaves the meta row alone.
    if (Object.keys(meta).length > 0) {
      await runner.manager
        .getRepository(RelationMetaEntity)
        .update({ many_collection: collection, many_field: field }, meta);
    }
    const schema = input.schema as RelationInput['schema'];
    if (isPlainObject(schema) && schema.on_delete && relation.schema && relation.related_collection) {
      const onDelete = onDeleteAction(String(schema.on_delete));
      const target = this.overview.collection(relation.related_collection)!;
      await dropForeignKey(runner, collection, field);
      await runner.createForeignKey(
        collection,
        relationForeignKey(collection, field, target.table!, target.primary, onDelete),
      );
    }
    await this.overviews.reload(runner.manager);
  }

  async deleteRelation(runner: QueryRunner, collection: string, field: string): Promise<void> {
    const relation = this.overview.relationEntry(collection, field);
    if (!relation || relation.meta?.system) throw new ForbiddenError();
    await removeRelation(runner, this.overview, collection, field, true);
    await this.overviews.reload(runner.manager);
  }
}

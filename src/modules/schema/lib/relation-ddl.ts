import { QueryRunner, TableForeignKey } from 'typeorm';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { FieldMetaEntity } from '../entities/field-meta.entity';
import { RelationMetaEntity } from '../entities/relation-meta.entity';
import type { SchemaOverview } from '../schema-overview';
import { saveFieldMeta } from './field-metas';
import { foreignKeyName } from './foreign-key-name';

const ON_DELETE = ['SET NULL', 'CASCADE', 'RESTRICT', 'NO ACTION'];

/** A relation's `schema.on_delete`, upper-cased, once it is one the databases all know. */
export function onDeleteAction(value: string): string {
  const onDelete = value.toUpperCase();
  if (!ON_DELETE.includes(onDelete))
    throw new InvalidPayloadError(`"schema.on_delete" must be one of ${ON_DELETE.join(', ')}`);
  return onDelete;
}

/** The foreign key of a many-to-one, named by foreignKeyName so it can be found again. */
export function relationForeignKey(
  collection: string,
  field: string,
  targetTable: string,
  targetPrimary: string,
  onDelete: string,
): TableForeignKey {
  return new TableForeignKey({
    name: foreignKeyName(collection, field),
    columnNames: [field],
    referencedTableName: targetTable,
    referencedColumnNames: [targetPrimary],
    onDelete,
  });
}

/** The one-to-many alias field a relation lists on its related collection. */
export async function saveOneField(runner: QueryRunner, related: string, oneField: string): Promise<void> {
  await saveFieldMeta(runner, related, {
    field: oneField,
    type: 'alias',
    meta: { special: ['o2m'], interface: 'list-o2m' },
  });
}

export async function dropForeignKey(runner: QueryRunner, table: string, field: string): Promise<void> {
  const loaded = await runner.getTable(table);
  const fk = loaded?.foreignKeys.find((f) => f.columnNames.length === 1 && f.columnNames[0] === field);
  if (loaded && fk) await runner.dropForeignKey(loaded, fk);
}

/** A relation's meta row, its one-to-many alias field and (with `dropKey`) its foreign key. */
export async function removeRelation(
  runner: QueryRunner,
  overview: SchemaOverview,
  collection: string,
  field: string,
  dropKey: boolean,
): Promise<void> {
  const relation = overview.relationEntry(collection, field);
  if (!relation) return;
  if (dropKey && (await runner.hasTable(collection))) await dropForeignKey(runner, collection, field);
  if (relation.meta?.one_field && relation.related_collection) {
    await runner.manager
      .getRepository(FieldMetaEntity)
      .delete({ collection: relation.related_collection, field: relation.meta.one_field });
  }
  await runner.manager.getRepository(RelationMetaEntity).delete({ many_collection: collection, many_field: field });
}

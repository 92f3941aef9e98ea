import type { QueryRunner } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { FieldMetaEntity } from '../entities/field-meta.entity';
import type { FieldInput } from '../schema.service';
import { FIELD_META, pickMeta } from './meta-values';

/** A new collection's field rows in one statement, each field at its place in the list unless its meta says otherwise. */
export async function insertFieldMetas(runner: QueryRunner, collection: string, fields: FieldInput[]): Promise<void> {
  const repo = runner.manager.getRepository(FieldMetaEntity);
  // Rows left by a collection that was dropped outside Vellum are replaced, not duplicated.
  await repo.delete({ collection });
  const rows = fields.map((input, index) => {
    const values = pickMeta(input.meta, FIELD_META) as Partial<FieldMetaEntity>;
    return { ...values, sort: values.sort ?? index + 1, collection, field: input.field, ...(input.type ? { type: input.type } : {}) };
  });
  // JSON members (options, translations) are stored whole; TypeORM's deep-partial type cannot say so.
  if (rows.length > 0) await repo.insert(rows as QueryDeepPartialEntity<FieldMetaEntity>[]);
}

export async function saveFieldMeta(runner: QueryRunner, collection: string, input: FieldInput, sort?: number): Promise<void> {
  const repo = runner.manager.getRepository(FieldMetaEntity);
  const existing = await repo.findOneBy({ collection, field: input.field });
  const values = pickMeta(input.meta, FIELD_META) as Partial<FieldMetaEntity>;
  // A field listed without a position (a hand-written snapshot) keeps its place in the list it came in.
  if (!existing && values.sort == null && sort !== undefined) values.sort = sort;
  await repo.save({
    ...(existing ?? { sort: sort ?? null }),
    ...values,
    collection,
    field: input.field,
    ...(input.type ? { type: input.type } : {}),
  });
}

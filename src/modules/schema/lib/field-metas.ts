import type { QueryRunner } from 'typeorm';
import { FieldMetaEntity } from '../entities/field-meta.entity';
import type { FieldInput } from '../schema-inputs';
import { FIELD_META, pickMeta } from './meta-values';

export async function saveFieldMeta(
  runner: QueryRunner,
  collection: string,
  input: FieldInput,
  sort?: number,
): Promise<void> {
  const repo = runner.manager.getRepository(FieldMetaEntity);
  const existing = await repo.findOneBy({ collection, field: input.field });
  const values = pickMeta(input.meta, FIELD_META) as Partial<FieldMetaEntity>;
  // A field listed without a position (a hand-written snapshot) keeps its place in the list it came in;
  // an explicit `sort: null` stays null, as the reference keeps it.
  if (!existing && values.sort === undefined && sort !== undefined) values.sort = sort;
  await repo.save({
    ...(existing ?? { sort: sort ?? null }),
    ...values,
    collection,
    field: input.field,
    ...(input.type ? { type: input.type } : {}),
  });
}

import type { TestApp } from '../helpers/test-app';

export interface FieldSpec {
  field: string;
  type: string;
  schema?: Record<string, unknown>;
  meta?: Record<string, unknown>;
}

/** Creates a collection through the API (as admin) and returns its name. */
export async function createCollection(
  t: TestApp,
  name: string,
  fields: FieldSpec[] = [],
  meta: Record<string, unknown> = {},
): Promise<string> {
  const res = await t.as('admin').post('/collections').send({ collection: name, meta, fields });
  if (res.status !== 200) throw new Error(`creating collection ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return name;
}

/** A many-to-one from `collection.field` to `related` (with the one-to-many alias `oneField` when given). */
export async function createRelation(
  t: TestApp,
  collection: string,
  field: string,
  related: string,
  oneField?: string,
  onDelete = 'SET NULL',
): Promise<void> {
  const res = await t
    .as('admin')
    .post('/relations')
    .send({ collection, field, related_collection: related, meta: { one_field: oneField ?? null }, schema: { on_delete: onDelete } });
  if (res.status !== 200) throw new Error(`creating relation ${collection}.${field} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

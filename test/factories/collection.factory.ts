import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';

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
  if (res.status !== 200)
    throw new Error(`creating collection ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return name;
}

/** An `articles` collection (title, status) holding one published and one draft article, for rules on `status`. */
export async function createPublishedAndDraft(
  t: TestApp,
): Promise<{ articles: string; published: number; draft: number }> {
  const articles = await createCollection(t, uniq('articles'), [
    { field: 'title', type: 'string' },
    { field: 'status', type: 'string' },
  ]);
  const items = await t
    .as('admin')
    .post(`/items/${articles}`)
    .send([
      { title: 'Out', status: 'published' },
      { title: 'Soon', status: 'draft' },
    ]);
  const [published, draft] = items.body.data.map((a: { id: number }) => a.id);
  return { articles, published, draft };
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
    .send({
      collection,
      field,
      related_collection: related,
      meta: { one_field: oneField ?? null },
      schema: { on_delete: onDelete },
    });
  if (res.status !== 200)
    throw new Error(`creating relation ${collection}.${field} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export interface M2a {
  shapes: string;
  circles: string;
  squares: string;
  junction: string;
}

/**
 * shapes.children: a many-to-any to circles and squares through a junction (`shapes_id`, `item`,
 * `collection`), created as the reference's clients do. Circles have `radius`, squares `width`, each
 * besides the `extra` fields given.
 */
export async function createM2a(t: TestApp, extra: FieldSpec[] = []): Promise<M2a> {
  const shapes = await createCollection(t, uniq('shapes'), [{ field: 'name', type: 'string' }]);
  const circles = await createCollection(t, uniq('circles'), [{ field: 'radius', type: 'float' }, ...extra]);
  const squares = await createCollection(t, uniq('squares'), [{ field: 'width', type: 'float' }, ...extra]);
  const admin = t.as('admin');
  const alias = await admin
    .post(`/fields/${shapes}`)
    .send({ field: 'children', type: 'alias', meta: { special: ['m2a'], interface: 'list-m2a' } });
  if (alias.status !== 200)
    throw new Error(`creating ${shapes}.children failed: ${alias.status} ${JSON.stringify(alias.body)}`);
  const junction = await createCollection(t, uniq('shapes_children'), [
    { field: 'shapes_id', type: 'integer' },
    { field: 'item', type: 'string' },
    { field: 'collection', type: 'string' },
  ]);
  const relations = [
    {
      collection: junction,
      field: 'item',
      related_collection: null,
      meta: {
        one_allowed_collections: [circles, squares],
        one_collection_field: 'collection',
        junction_field: 'shapes_id',
      },
    },
    {
      collection: junction,
      field: 'shapes_id',
      related_collection: shapes,
      meta: { one_field: 'children', junction_field: 'item' },
      schema: { on_delete: 'SET NULL' },
    },
  ];
  for (const relation of relations) {
    const res = await admin.post('/relations').send(relation);
    if (res.status !== 200)
      throw new Error(
        `creating relation ${junction}.${relation.field} failed: ${res.status} ${JSON.stringify(res.body)}`,
      );
  }
  return { shapes, circles, squares, junction };
}

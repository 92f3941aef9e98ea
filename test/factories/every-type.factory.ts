import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { createCollection, FieldSpec } from './collection.factory';

export interface EveryTypeSchema {
  /** Every field type, a many-to-one (authors), a one-to-many (comments), a many-to-many (tags), a file. */
  articles: string;
  /** Primary key a generated UUID; `name` NOT NULL; `articles` the one-to-many back. */
  authors: string;
  comments: string;
  tags: string;
  junction: string;
  /** A singleton with one field. */
  home: string;
}

/** One field of each type (API.md 11), some NOT NULL or required, as a client's schema would have them. */
export const EVERY_TYPE: FieldSpec[] = [
  { field: 'title', type: 'string', meta: { required: true, note: 'Shown as the heading' } },
  { field: 'slug', type: 'string', schema: { is_nullable: false } },
  { field: 'body', type: 'text' },
  { field: 'views', type: 'integer', schema: { is_nullable: false, default_value: 0 } },
  { field: 'big', type: 'bigInteger' },
  { field: 'rating', type: 'float' },
  { field: 'price', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 2 } },
  { field: 'published', type: 'boolean', schema: { default_value: false } },
  { field: 'extra', type: 'json' },
  { field: 'keywords', type: 'csv', meta: { special: ['cast-csv'] } },
  { field: 'codes', type: 'csv' },
  { field: 'ref', type: 'uuid' },
  { field: 'secret', type: 'hash' },
  { field: 'day', type: 'date' },
  { field: 'at', type: 'time' },
  { field: 'written', type: 'dateTime' },
  { field: 'stamp', type: 'timestamp' },
  { field: 'author', type: 'uuid', meta: { special: ['m2o'] } },
  { field: 'cover', type: 'uuid', meta: { special: ['file'] } },
];

async function post(t: TestApp, path: string, body: unknown): Promise<void> {
  const res = await t
    .as('admin')
    .post(path)
    .send(body as object);
  if (res.status !== 200) throw new Error(`POST ${path} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Creates the collections of EveryTypeSchema through the API, relations included. */
export async function createEveryTypeSchema(t: TestApp, prefix = uniq('oas')): Promise<EveryTypeSchema> {
  const s: EveryTypeSchema = {
    articles: `${prefix}_articles`,
    authors: `${prefix}_authors`,
    comments: `${prefix}_comments`,
    tags: `${prefix}_tags`,
    junction: `${prefix}_articles_tags`,
    home: `${prefix}_home`,
  };
  await createCollection(t, s.authors, [
    { field: 'id', type: 'uuid', meta: { special: ['uuid'] }, schema: { is_primary_key: true } },
    { field: 'name', type: 'string', schema: { is_nullable: false } },
  ]);
  await createCollection(t, s.articles, EVERY_TYPE, { note: 'Stories' });
  await createCollection(t, s.comments, [
    { field: 'text', type: 'string' },
    { field: 'article', type: 'integer' },
  ]);
  await createCollection(t, s.tags, [{ field: 'label', type: 'string' }]);
  await createCollection(t, s.junction, [
    { field: `${s.articles}_id`, type: 'integer' },
    { field: `${s.tags}_id`, type: 'integer' },
  ]);
  await createCollection(t, s.home, [{ field: 'headline', type: 'string' }], { singleton: true });
  for (const [collection, field] of [
    [s.authors, 'articles'],
    [s.articles, 'comments'],
  ])
    await post(t, `/fields/${collection}`, { field, type: 'alias', meta: { special: ['o2m'] } });
  await post(t, `/fields/${s.articles}`, { field: 'tags', type: 'alias', meta: { special: ['m2m'] } });
  const relations = [
    {
      collection: s.articles,
      field: 'author',
      related_collection: s.authors,
      meta: { one_field: 'articles' },
      schema: { on_delete: 'SET NULL' },
    },
    { collection: s.articles, field: 'cover', related_collection: 'svc_files', schema: { on_delete: 'SET NULL' } },
    {
      collection: s.comments,
      field: 'article',
      related_collection: s.articles,
      meta: { one_field: 'comments' },
      schema: { on_delete: 'SET NULL' },
    },
    {
      collection: s.junction,
      field: `${s.tags}_id`,
      related_collection: s.tags,
      meta: { junction_field: `${s.articles}_id` },
      schema: { on_delete: 'SET NULL' },
    },
    {
      collection: s.junction,
      field: `${s.articles}_id`,
      related_collection: s.articles,
      meta: { one_field: 'tags', junction_field: `${s.tags}_id` },
      schema: { on_delete: 'SET NULL' },
    },
  ];
  for (const relation of relations) await post(t, '/relations', relation);
  return s;
}

import { createCollection, createRelation } from './collection.factory';
import type { TestApp } from '../helpers/test-app';
import { uniq } from '../helpers/uniq';
import { createRole, createUser, grant } from './user.factory';

/**
 * A small schema with the shapes a snapshot must carry: several field types, defaults, a unique
 * field, a many-to-one with its one-to-many alias, one into a system collection, and a folder
 * collection grouping the others.
 */
export async function createSampleSchema(
  t: TestApp,
  prefix: string,
): Promise<{ authors: string; articles: string; folder: string }> {
  const folder = `${prefix}_folder`;
  const authors = `${prefix}_authors`;
  const articles = `${prefix}_articles`;
  const res = await t
    .as('admin')
    .post('/collections')
    .send({ collection: folder, meta: { note: 'Groups the others' }, schema: null });
  if (res.status !== 200) throw new Error(`creating folder failed: ${res.status} ${JSON.stringify(res.body)}`);
  await createCollection(
    t,
    authors,
    [
      { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
      { field: 'name', type: 'string', schema: { max_length: 120, is_nullable: false, is_unique: true } },
    ],
    { group: folder },
  );
  await createCollection(
    t,
    articles,
    [
      { field: 'title', type: 'string', schema: { max_length: 200 }, meta: { interface: 'input', note: 'Headline' } },
      { field: 'body', type: 'text' },
      { field: 'views', type: 'integer', schema: { default_value: 0 } },
      { field: 'rating', type: 'float' },
      { field: 'price', type: 'decimal', schema: { numeric_precision: 10, numeric_scale: 2 } },
      { field: 'published', type: 'boolean', schema: { default_value: false } },
      { field: 'status', type: 'string', schema: { default_value: 'draft', is_indexed: true } },
      { field: 'tags', type: 'json' },
      { field: 'labels', type: 'csv' },
      { field: 'day', type: 'date' },
      { field: 'at', type: 'time' },
      { field: 'starts', type: 'dateTime' },
      { field: 'stamp', type: 'timestamp' },
      {
        field: 'created',
        type: 'timestamp',
        schema: { default_value: 'CURRENT_TIMESTAMP' },
        meta: { special: ['date-created'] },
      },
      { field: 'big', type: 'bigInteger' },
      { field: 'author', type: 'uuid' },
      { field: 'owner', type: 'uuid', meta: { special: ['user-created'] } },
      { field: 'secret', type: 'hash' },
    ],
    { group: folder, sort_field: null, note: 'Stories' },
  );
  await createRelation(t, articles, 'author', authors, 'articles', 'CASCADE');
  await createRelation(t, articles, 'owner', 'svc_users');
  return { authors, articles, folder };
}

export interface PartlyReadableSchema {
  authors: string;
  posts: string;
  secret: string;
  editor: { id: string; token: string };
}

/**
 * Three collections and an editor (with app access) who may read part of them: posts without its
 * `body`, authors with its one-to-many `posts`, and not `secret`; posts.author is a many-to-one into authors.
 */
export async function createPartlyReadableSchema(t: TestApp): Promise<PartlyReadableSchema> {
  const authors = await createCollection(t, uniq('authors'), [{ field: 'name', type: 'string' }]);
  const posts = await createCollection(t, uniq('posts'), [
    { field: 'title', type: 'string' },
    { field: 'body', type: 'text' },
    { field: 'author', type: 'integer' },
  ]);
  const secret = await createCollection(t, uniq('secret'), [{ field: 'code', type: 'string' }]);
  await t
    .as('admin')
    .post('/relations')
    .send({ collection: posts, field: 'author', related_collection: authors, meta: { one_field: 'posts' } })
    .expect(200);
  const role = await createRole(t);
  const editor = await createUser(t, role);
  await grant(t, role, posts, 'read', { fields: ['id', 'title', 'author'] });
  await grant(t, role, authors, 'read', { fields: ['id', 'name', 'posts'] });
  return { authors, posts, secret, editor };
}

import { Table, TableForeignKey, TableIndex } from 'typeorm';
import type { CollectionMeta, FieldMeta, RelationMeta } from '../schema.types';
import { buildOverview } from './build-overview';

const collectionMeta = (collection: string, extra: Partial<CollectionMeta> = {}) =>
  ({ collection, accountability: 'all', singleton: false, sort_field: null, ...extra }) as CollectionMeta;
const fieldMeta = (collection: string, field: string, type: string, extra: Partial<FieldMeta> = {}) =>
  ({
    collection,
    field,
    type,
    special: null,
    required: false,
    searchable: true,
    validation: null,
    ...extra,
  }) as FieldMeta & { type: string };

function source() {
  return {
    version: 3,
    tables: [
      new Table({
        name: 'svc_users',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '128', isNullable: true },
          { name: 'tags', type: 'text', isNullable: true },
          { name: 'role', type: 'varchar', length: '36', isNullable: true },
        ],
      }),
      new Table({ name: 'svc_roles', columns: [{ name: 'id', type: 'varchar', length: '36', isPrimary: true }] }),
      new Table({
        name: 'posts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'title', type: 'varchar', length: '80', isNullable: false, default: "'untitled'" },
          { name: 'data', type: 'text', isNullable: true },
          { name: 'author', type: 'integer', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'posts_title_unique', columnNames: ['title'], isUnique: true })],
        foreignKeys: [
          new TableForeignKey({
            name: 'posts_author_foreign',
            columnNames: ['author'],
            referencedTableName: 'authors',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
      new Table({
        name: 'authors',
        columns: [{ name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' }],
      }),
    ],
    collections: [
      collectionMeta('posts', { sort_field: 'title' }),
      collectionMeta('authors'),
      collectionMeta('folder'),
    ],
    fields: [
      fieldMeta('posts', 'data', 'json'),
      fieldMeta('posts', 'title', 'string', { required: true }),
      fieldMeta('posts', 'divider', 'alias', { special: ['group'] }),
    ],
    relations: [
      {
        many_collection: 'posts',
        many_field: 'author',
        one_collection: 'authors',
        one_field: 'posts',
        one_collection_field: null,
        one_allowed_collections: null,
        junction_field: null,
        sort_field: null,
        one_deselect_action: 'nullify',
      } as RelationMeta,
    ],
  };
}

describe(buildOverview.name, () => {
  const overview = buildOverview(source());

  it.each([
    ['posts', 'id', { type: 'integer', primaryKey: true, autoIncrement: true, hasDefault: true }],
    ['posts', 'title', { type: 'string', nullable: false, required: true, maxLength: 80, hasDefault: true }],
    ['posts', 'data', { type: 'json' }],
    ['posts', 'divider', { type: 'alias', schema: null }],
    ['authors', 'posts', { type: 'alias', special: ['o2m'] }],
    ['svc_users', 'id', { type: 'uuid', special: ['uuid'] }],
    ['svc_users', 'tags', { type: 'json' }],
    ['svc_users', 'email', { type: 'string', maxLength: 128 }],
  ])('%s.%s', (collection, field, expected) => expect(overview.field(collection, field)).toMatchObject(expected));

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'finds no field named %s that Object.prototype has',
    (name) => {
      expect(overview.field('posts', name)).toBeUndefined();
      expect(overview.collection('posts')!.fields[name]).toBeUndefined();
    },
  );

  it.each([
    ['a column', 'title', 'title'],
    ['no field', 'gone', null],
    ['an alias', 'divider', null],
  ])('takes a sort_field naming %s as the sort field: %s -> %s', (_label, sortField, expected) => {
    const withSort = source();
    withSort.collections[0] = collectionMeta('posts', { sort_field: sortField });
    expect(buildOverview(withSort).collection('posts')!.sortField).toBe(expected);
  });

  it('does not take a user collection named after an Object member for a system one', () => {
    const withOdd = source();
    withOdd.tables.push(
      new Table({ name: 'constructor', columns: [{ name: 'id', type: 'integer', isPrimary: true }] }),
    );
    withOdd.collections.push(collectionMeta('constructor'));
    expect(buildOverview(withOdd).collection('constructor')).toMatchObject({
      system: false,
      fields: { id: { type: 'integer' } },
    });
  });

  it('reads the database schema of a field', () => {
    expect(overview.field('posts', 'title')?.schema).toMatchObject({
      is_unique: true,
      is_indexed: true,
      default_value: 'untitled',
      is_nullable: false,
    });
    expect(overview.field('posts', 'author')?.schema).toMatchObject({
      foreign_key_table: 'authors',
      foreign_key_column: 'id',
    });
  });

  it('links relations both ways', () => {
    expect(overview.relation('posts', 'author')).toMatchObject({ type: 'm2o', related: 'authors', relatedField: 'id' });
    expect(overview.relation('authors', 'posts')).toMatchObject({
      type: 'o2m',
      related: 'posts',
      relatedField: 'author',
    });
    expect(overview.relation('svc_users', 'role')).toMatchObject({ type: 'm2o', related: 'svc_roles' });
    expect(overview.relationEntry('posts', 'author')?.schema).toMatchObject({
      constraint_name: 'posts_author_foreign',
      on_delete: 'CASCADE',
    });
  });

  it('describes collections, folders and system collections', () => {
    expect(overview.collection('posts')).toMatchObject({
      primary: 'id',
      sortField: 'title',
      system: false,
      table: 'posts',
    });
    expect(overview.collection('folder')).toMatchObject({ table: null });
    expect(overview.collection('svc_users')).toMatchObject({
      system: true,
      accountability: 'all',
      meta: { system: true },
    });
    expect(overview.has('svc_files')).toBe(false);
    expect(overview.version).toBe(3);
  });
});

import { InvalidPayloadError } from '../../../common/errors/errors';
import { assertSchemaBody, schemaBodyProblems, SchemaBodyKind, SchemaBodyMode } from './schema-body';

/** A collection entry as GET /collections/:collection answers it, sent back whole. */
const collectionAsRead = {
  collection: 'articles',
  meta: {
    collection: 'articles',
    icon: 'article',
    note: null,
    hidden: false,
    singleton: false,
    versioning: true,
    sort: 1,
    group: null,
    collapse: 'open',
    system: false,
  },
  schema: { name: 'articles', comment: null },
};

/** A field entry as the reference reads it, sent back whole. */
const fieldAsRead = {
  collection: 'articles',
  field: 'title',
  type: 'string',
  meta: {
    id: 3,
    collection: 'articles',
    field: 'title',
    special: null,
    interface: 'input',
    required: true,
    validation: null,
    searchable: true,
  },
  schema: {
    name: 'title',
    table: 'articles',
    data_type: 'varchar',
    default_value: null,
    max_length: 255,
    numeric_precision: null,
    numeric_scale: null,
    is_nullable: true,
    is_unique: false,
    is_indexed: false,
    is_primary_key: false,
    is_generated: false,
    generation_expression: null,
    has_auto_increment: false,
    foreign_key_table: null,
    foreign_key_column: null,
    comment: null,
  },
};

describe(schemaBodyProblems.name, () => {
  it.each<[string, unknown, SchemaBodyKind, SchemaBodyMode, string[]]>([
    ['a collection as read', collectionAsRead, 'collection', 'update', []],
    [
      'a new collection with its fields',
      { collection: 'a', meta: { versioning: true }, schema: {}, fields: [fieldAsRead] },
      'collection',
      'create',
      [],
    ],
    ['a folder', { collection: 'a', meta: null, schema: null }, 'collection', 'create', []],
    ['a field as read', fieldAsRead, 'field', 'update', []],
    ['no object: nothing to check here', ['x'], 'collection', 'create', []],
    [
      'versioning at the top',
      { versioning: true },
      'collection',
      'update',
      ['"versioning" belongs in "meta": send it as "meta.versioning"'],
    ],
    [
      'a typo in meta',
      { meta: { versionning: true } },
      'collection',
      'update',
      ['Unknown property "meta.versionning"'],
    ],
    ['a typo in schema', { schema: { nam: 'x' } }, 'collection', 'create', ['Unknown property "schema.nam"']],
    [
      'unknown at the top, in body order',
      { colection: 'a', extra: 1 },
      'collection',
      'create',
      ['Unknown properties "colection", "extra"'],
    ],
    [
      'fields on an update are ignored there, so refused',
      { fields: [] },
      'collection',
      'update',
      ['Unknown property "fields"'],
    ],
    [
      'a new field with meta and schema members at the top',
      { field: 'a', type: 'string', required: true, is_nullable: false, nullable: true },
      'field',
      'create',
      [
        'Unknown property "nullable"',
        '"required" belongs in "meta": send it as "meta.required"',
        '"is_nullable" belongs in "schema": send it as "schema.is_nullable"',
      ],
    ],
    [
      'typos in a field',
      { meta: { requierd: true }, schema: { is_nulable: false } },
      'field',
      'update',
      ['Unknown properties "meta.requierd", "schema.is_nulable"'],
    ],
    [
      'the fields of a new collection, each by its place',
      {
        collection: 'a',
        fields: [
          { field: 'id', type: 'integer' },
          { field: 'b', type: 'string', meta: { note: 'x', notes: 'y' }, hidden: true },
        ],
      },
      'collection',
      'create',
      [
        'Unknown property "fields[1].meta.notes"',
        '"fields[1].hidden" belongs in "fields[1].meta": send it as "fields[1].meta.hidden"',
      ],
    ],
    ['meta or schema that is no object is left to the type checks', { meta: 'x', schema: 3 }, 'field', 'update', []],
    ['inherited members are not the body', Object.create({ versioning: true }) as object, 'collection', 'update', []],
  ])('%s', (_, body, kind, mode, expected) => expect(schemaBodyProblems(body, kind, mode)).toEqual(expected));

  it('prefixes the place of an item of a batch', () => {
    expect(schemaBodyProblems({ collection: 'a', versioning: true }, 'collection', 'update', '[2].')).toEqual([
      '"[2].versioning" belongs in "[2].meta": send it as "[2].meta.versioning"',
    ]);
  });
});

describe(assertSchemaBody.name, () => {
  it('passes a clean body', () =>
    expect(() => assertSchemaBody(collectionAsRead, 'collection', 'update')).not.toThrow());

  it('names every problem in one 400', () => {
    const run = () => assertSchemaBody({ versioning: true, meta: { versionning: true } }, 'collection', 'update');
    expect(run).toThrow(InvalidPayloadError);
    expect(run).toThrow(
      'Unknown property "meta.versionning"; "versioning" belongs in "meta": send it as "meta.versioning"',
    );
  });
});

import { SchemaOverview } from '../schema-overview';
import type { CollectionOverview, FieldOverview, FieldSchemaInfo, FieldType, RelationOverview } from '../schema.types';
import { buildSnapshot } from './build-snapshot';

function column(
  collection: string,
  name: string,
  type: FieldType,
  id: number,
  schema: Partial<FieldSchemaInfo> = {},
): FieldOverview {
  return {
    collection,
    field: name,
    type,
    special: [],
    nullable: true,
    primaryKey: false,
    autoIncrement: false,
    maxLength: null,
    hasDefault: false,
    required: false,
    searchable: true,
    validation: null,
    meta: { id, collection, field: name, note: null } as FieldOverview['meta'],
    schema:
      type === 'alias'
        ? null
        : {
            name,
            table: collection,
            data_type: 'varchar',
            default_value: null,
            max_length: null,
            numeric_precision: null,
            numeric_scale: null,
            is_nullable: true,
            is_unique: false,
            is_indexed: false,
            is_primary_key: false,
            has_auto_increment: false,
            foreign_key_table: null,
            foreign_key_column: null,
            ...schema,
          },
  };
}

function collection(name: string, fields: FieldOverview[], system = false): CollectionOverview {
  return {
    collection: name,
    table: name,
    primary: 'id',
    system,
    singleton: false,
    sortField: null,
    accountability: 'all',
    meta: { collection: name, note: null, ...(system ? { system: true } : {}) } as CollectionOverview['meta'],
    fields: Object.fromEntries(fields.map((f) => [f.field, f])),
  };
}

const relation = (c: string, f: string, related: string, id: number, system = false): RelationOverview => ({
  collection: c,
  field: f,
  related_collection: related,
  meta: {
    id,
    many_collection: c,
    many_field: f,
    one_collection: related,
    ...(system ? { system: true } : {}),
  } as RelationOverview['meta'],
  schema: null,
});

const overview = new SchemaOverview(
  new Map([
    [
      'zebras',
      collection('zebras', [
        column('zebras', 'name', 'string', 9),
        column('zebras', 'id', 'integer', 3, { is_primary_key: true, is_indexed: true }),
      ]),
    ],
    [
      'svc_users',
      collection(
        'svc_users',
        [
          column('svc_users', 'email', 'string', 1, { is_indexed: true }),
          column('svc_users', 'id', 'uuid', 2, { is_primary_key: true, is_indexed: true }),
          column('svc_users', 'name', 'string', 4),
        ],
        true,
      ),
    ],
    [
      'svc_fields',
      collection('svc_fields', [column('svc_fields', 'collection', 'string', 11, { is_indexed: true })], true),
    ],
    [
      'apples',
      collection('apples', [
        column('apples', 'price', 'decimal', 7),
        column('apples', 'owner', 'uuid', 8),
        column('apples', 'zebras', 'alias', 10),
      ]),
    ],
  ]),
  [
    relation('svc_users', 'role', 'svc_roles', 1, true),
    relation('apples', 'owner', 'svc_users', 5),
    relation('zebras', 'name', 'apples', 4),
  ],
  1,
);
const snapshot = buildSnapshot(overview, '1.2.3', 'mysql');

describe(buildSnapshot.name, () => {
  it('names the platform version and vendor', () => {
    expect(snapshot).toMatchObject({ version: 1, platform: '1.2.3', vendor: 'mysql' });
  });

  it.each([
    ['collections by name, system ones left out', snapshot.collections.map((c) => c.collection), ['apples', 'zebras']],
    [
      'fields by collection, then creation',
      snapshot.fields.map((f) => `${f.collection}.${f.field}`),
      ['apples.price', 'apples.owner', 'apples.zebras', 'zebras.id', 'zebras.name'],
    ],
    [
      'relations of user collections by collection',
      snapshot.relations.map((r) => `${r.collection}.${r.field}`),
      ['apples.owner', 'zebras.name'],
    ],
    [
      'indexed system fields that are not keys, the schema metadata left out',
      snapshot.systemFields,
      [{ collection: 'svc_users', field: 'email', schema: { is_indexed: true } }],
    ],
  ])('lists %s', (_label, actual, expected) => expect(actual).toEqual(expected));

  it('drops meta ids and keeps the full column description', () => {
    const price = snapshot.fields[0];
    expect(price.meta).toEqual({ collection: 'apples', field: 'price', note: null });
    expect(price.schema).toMatchObject({ is_generated: false, generation_expression: null, numeric_precision: 10 });
    expect(snapshot.fields[2].schema).toBeNull();
    expect(snapshot.relations[0].meta).not.toHaveProperty('id');
  });

  it.each([['now()'], ['CURRENT_TIMESTAMP()'], ['current_timestamp(3)'], ['CURRENT_TIMESTAMP']])(
    'spells the current-time default %s the standard way',
    (raw) => {
      const stamp = column('apples', 'at', 'timestamp', 1, { default_value: raw });
      const built = buildSnapshot(
        new SchemaOverview(new Map([['apples', collection('apples', [stamp])]]), [], 1),
        '1',
        'sqlite',
      );
      expect(built.fields[0].schema).toMatchObject({ default_value: 'CURRENT_TIMESTAMP' });
    },
  );

  it('spells out the default string length MySQL leaves out', () => {
    expect(snapshot.fields.find((f) => f.field === 'name')!.schema).toMatchObject({ max_length: 255 });
    expect(snapshot.fields.find((f) => f.field === 'owner')!.schema).toMatchObject({ max_length: null });
  });
});

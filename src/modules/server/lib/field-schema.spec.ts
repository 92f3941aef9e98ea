import { fakeOverview } from '../../schema/testing/fake-overview';
import type { FieldOverview, FieldType } from '../../schema/schema.types';
import { fieldSchema, keySchema, valueSchema } from './field-schema';

describe(valueSchema.name, () => {
  it.each<[FieldType, string[], object | null]>([
    ['string', [], { type: 'string' }],
    ['text', [], { type: 'string' }],
    ['hash', [], { type: 'string', description: expect.any(String) }],
    ['integer', [], { type: 'integer', format: 'int32' }],
    ['bigInteger', [], { type: 'integer', format: 'int64' }],
    ['float', [], { type: 'number', format: 'float' }],
    ['decimal', [], { type: 'number' }],
    ['boolean', [], { type: 'boolean' }],
    ['json', [], {}],
    ['csv', [], { type: 'string' }],
    ['csv', ['cast-csv'], { type: 'array', items: { type: 'string' } }],
    ['uuid', [], { type: 'string', format: 'uuid' }],
    ['date', [], { type: 'string', format: 'date', example: '2024-01-31' }],
    ['time', [], { type: 'string', format: 'time', description: expect.stringContaining('13:45:00') }],
    [
      'dateTime',
      [],
      { type: 'string', format: 'date-time', description: expect.stringContaining('2024-01-31T13:45:00') },
    ],
    ['timestamp', [], { type: 'string', format: 'date-time', example: '2024-01-31T13:45:00.000Z' }],
    ['alias', [], null],
  ])('%s %j', (type, special, expected) => expect(valueSchema({ type, special })).toEqual(expected));

  it('answers a copy, so a document cannot change the table', () => {
    const schema = valueSchema({ type: 'string', special: [] })!;
    schema.nullable = true;
    expect(valueSchema({ type: 'string', special: [] })).toEqual({ type: 'string' });
  });
});

describe(fieldSchema.name, () => {
  const overview = fakeOverview();
  const field = (collection: string, name: string, changes: Partial<FieldOverview> = {}): FieldOverview => ({
    ...overview.field(collection, name)!,
    ...changes,
  });
  const all = (collection: string) => `Items${collection}`;
  const none = () => undefined;
  const only = (visible: string) => (c: string) => (c === visible ? `Items${c}` : undefined);

  it.each<[string, FieldOverview, (c: string) => string | undefined, object | null]>([
    ['a nullable column', field('articles', 'title'), all, { type: 'string', nullable: true }],
    ['a NOT NULL column', field('articles', 'views', { nullable: false }), all, { type: 'integer', format: 'int32' }],
    ['a nullable JSON column (any value, null included)', field('articles', 'meta'), all, {}],
    [
      'a column with a note',
      field('articles', 'views', { meta: { note: 'How often read' } as FieldOverview['meta'] }),
      all,
      { type: 'integer', format: 'int32', description: 'How often read', nullable: true },
    ],
    [
      'a many-to-one into a readable collection',
      field('articles', 'author'),
      all,
      { oneOf: [{ type: 'integer', format: 'int32', nullable: true }, { $ref: '#/components/schemas/Itemsauthors' }] },
    ],
    [
      'a many-to-one into a collection the caller may not read',
      field('articles', 'author'),
      none,
      { nullable: true, type: 'integer', format: 'int32' },
    ],
    [
      'a NOT NULL many-to-one',
      field('comments', 'article', { nullable: false }),
      all,
      { oneOf: [{ type: 'integer', format: 'int32' }, { $ref: '#/components/schemas/Itemsarticles' }] },
    ],
    [
      'a one-to-many',
      field('articles', 'comments'),
      all,
      {
        type: 'array',
        items: { oneOf: [{ type: 'integer', format: 'int32' }, { $ref: '#/components/schemas/Itemscomments' }] },
      },
    ],
    [
      'a one-to-many into a collection the caller may not read',
      field('articles', 'comments'),
      none,
      { type: 'array', items: { type: 'integer', format: 'int32' } },
    ],
    [
      'a many-to-any item, readable targets only',
      field('shapes_children', 'item'),
      only('circles'),
      { oneOf: [{ type: 'string', nullable: true }, { $ref: '#/components/schemas/Itemscircles' }] },
    ],
    [
      'a many-to-any item, no readable target',
      field('shapes_children', 'item'),
      none,
      { nullable: true, type: 'string' },
    ],
    ['an alias that leads nowhere', { ...field('articles', 'title'), field: 'group', type: 'alias' }, all, null],
  ])('%s', (_case, input, schemaRef, expected) => expect(fieldSchema(overview, input, schemaRef)).toEqual(expected));
});

describe(keySchema.name, () => {
  it.each<[string, object]>([
    ['integer', { type: 'integer', format: 'int32' }],
    ['uuid', { type: 'string', format: 'uuid' }],
    ['string', { type: 'string' }],
  ])('types a %s key', (type, expected) => {
    const articles = fakeOverview().collection('articles')!;
    const collection = {
      ...articles,
      fields: { ...articles.fields, id: { ...articles.fields.id, type: type as FieldType } },
    };
    expect(keySchema(collection)).toEqual(expected);
  });

  it('falls back to a string for a collection it does not know', () =>
    expect(keySchema(undefined)).toEqual({ type: 'string' }));
});

import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldOverview, FieldType } from '../../schema/schema.types';

/**
 * What each field type is answered as (the items engine's `fromDb`): big integers beyond 2^53 come back
 * as strings, JSON as any value, CSV as an array only with the `cast-csv` special.
 */
const TYPE_SCHEMAS: Record<Exclude<FieldType, 'alias' | 'csv'>, SchemaObject> = {
  string: { type: 'string' },
  text: { type: 'string' },
  hash: { type: 'string', description: 'Stored as an argon2 hash; never answered in plain text.' },
  integer: { type: 'integer', format: 'int32' },
  bigInteger: { type: 'integer', format: 'int64' },
  float: { type: 'number', format: 'float' },
  decimal: { type: 'number' },
  boolean: { type: 'boolean' },
  json: {},
  uuid: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date', example: '2024-01-31' },
  // Answered without a time zone, which the formats' RFC 3339 forms require: said, not exemplified.
  time: { type: 'string', format: 'time', description: 'A time of day without a time zone: `13:45:00`.' },
  dateTime: {
    type: 'string',
    format: 'date-time',
    description: 'A date and time without a time zone: `2024-01-31T13:45:00`.',
  },
  timestamp: { type: 'string', format: 'date-time', example: '2024-01-31T13:45:00.000Z' },
};

/** The value schema of a column (no relation): null for alias fields, which hold no value of their own. */
export function valueSchema(field: Pick<FieldOverview, 'type' | 'special'>): SchemaObject | null {
  if (field.type === 'alias') return null;
  if (field.type === 'csv')
    return field.special.includes('cast-csv') ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
  return { ...TYPE_SCHEMAS[field.type] };
}

/** Names the item schema of a collection the document describes; undefined for the others. */
export type SchemaRef = (collection: string) => string | undefined;

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * A related collection's key, or its item: the related schema when the document has one, else the key
 * alone. OpenAPI 3.0 wants `nullable` beside a `type`, so a nullable field carries it on the key.
 */
function keyOrItem(key: SchemaObject, nullable: boolean, related: string[], schemaRef: SchemaRef): SchemaObject {
  const refs = related.map(schemaRef).filter((name): name is string => name !== undefined);
  const value = nullable ? { ...key, nullable: true } : key;
  return refs.length ? { oneOf: [value, ...refs.map(ref)] } : value;
}

/** The schema of a collection's primary key, for `{id}`, batch `keys` and relations into it. */
export function keySchema(collection: CollectionOverview | undefined): SchemaObject {
  const key = collection?.fields[collection.primary];
  return (key && valueSchema(key)) ?? { type: 'string' };
}

/**
 * The schema of one field of an item, as the reference platform types it: a column by its type, a
 * many-to-one as the related key or the related item, a one-to-many as an array of either, a
 * many-to-any's `item` as a key or an item of any allowed collection. Null for a field with no value
 * (a group or other alias that leads nowhere).
 */
export function fieldSchema(overview: SchemaOverview, field: FieldOverview, schemaRef: SchemaRef): SchemaObject | null {
  const { collection, field: name } = field;
  const description = field.meta?.note ? { description: field.meta.note } : {};
  const link = overview.relation(collection, name);
  if (link?.type === 'o2m')
    return {
      ...description,
      type: 'array',
      items: keyOrItem(keySchema(overview.collection(link.related)), false, [link.related], schemaRef),
    };
  const own = valueSchema(field);
  if (!own) return null;
  if (link)
    return {
      ...description,
      ...keyOrItem(keySchema(overview.collection(link.related)), field.nullable, [link.related], schemaRef),
    };
  if (overview.isAnyToOne(collection, name)) {
    const targets = overview.anyTargets(collection, name).map((target) => target.related);
    return { ...description, ...keyOrItem(own, field.nullable, targets, schemaRef) };
  }
  // A JSON field has no type: any value, null included, is already allowed.
  return { ...own, ...description, ...(field.nullable && own.type && { nullable: true }) };
}

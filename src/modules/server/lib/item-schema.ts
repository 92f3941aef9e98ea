import type { SchemaObject } from '@nestjs/swagger';
import { requiredFields } from '../../items/items.service';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import { fieldSchema, SchemaRef } from './field-schema';

/** A collection as the caller sees it: the fields they may read, in the schema's order. */
export interface CollectionView {
  collection: CollectionOverview;
  fields: FieldOverview[];
}

/**
 * The item schema of a collection (`ItemsArticles`): one property per field the caller may read, typed
 * and nullable as the schema says. It lists no `required`: what a read answers depends on `fields`,
 * and updates send only what changes; creates add the required fields (`createRequired`).
 */
export function itemSchema(overview: SchemaOverview, view: CollectionView, schemaRef: SchemaRef): SchemaObject {
  const name = view.collection.collection;
  const properties: Record<string, SchemaObject> = {};
  for (const field of view.fields) {
    const schema = fieldSchema(overview, field, schemaRef);
    if (schema) properties[field.field] = schema;
  }
  const schema: SchemaObject & { 'x-collection': string } = {
    type: 'object',
    description: view.collection.meta?.note ?? `An item of the \`${name}\` collection.`,
    properties,
    'x-collection': name,
  };
  return schema;
}

/** The fields a create must carry (the items engine's own rule), among the properties of the item schema. */
export function createRequired(view: CollectionView, schema: SchemaObject): string[] {
  const properties = schema.properties ?? {};
  return requiredFields(view.fields, 'create')
    .map((field) => field.field)
    .filter((name) => name in properties);
}

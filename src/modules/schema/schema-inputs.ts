import type { FieldSchemaInput } from './lib/column-for-field';
import type { FieldType } from './schema.types';

// The bodies of the collection, field and relation changes (API.md 11), as SchemaService reads them.
export interface FieldInput {
  field: string;
  type?: FieldType;
  meta?: Record<string, unknown> | null;
  schema?: FieldSchemaInput | null;
}

export interface CollectionInput {
  collection: string;
  meta?: Record<string, unknown> | null;
  schema?: Record<string, unknown> | null;
  fields?: FieldInput[];
}

export interface RelationInput {
  collection: string;
  field: string;
  related_collection?: string | null;
  meta?: Record<string, unknown> | null;
  schema?: { on_delete?: string; on_update?: string } | null;
}

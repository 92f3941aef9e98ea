import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
import { unknownMembersReason } from '../../../common/unknown-members';
import { COLLECTION_META, FIELD_META } from '../../schema/lib/meta-values';

export type SchemaBodyKind = 'collection' | 'field';
export type SchemaBodyMode = 'create' | 'update';

interface BodyShape {
  top: ReadonlySet<string>;
  meta: ReadonlySet<string>;
  schema: ReadonlySet<string>;
}

/**
 * The members a /collections or /fields body may hold: what Vellum writes, and what the reference's
 * reads answer besides (`meta.id`, `schema.table`, ...), since clients send entries back as they read
 * them. Anything else would be dropped without a word, and the mistake found much later.
 */
const SHAPES: Record<SchemaBodyKind, BodyShape> = {
  collection: {
    top: new Set(['collection', 'meta', 'schema', 'fields']),
    meta: new Set([...Object.keys(COLLECTION_META), 'collection', 'system']),
    schema: new Set(['name', 'comment', 'schema', 'sql']),
  },
  field: {
    top: new Set(['collection', 'field', 'type', 'meta', 'schema']),
    meta: new Set([...Object.keys(FIELD_META), 'id', 'collection', 'field', 'system']),
    schema: new Set([
      ...['name', 'table', 'schema', 'data_type', 'default_value', 'max_length', 'numeric_precision', 'numeric_scale'],
      ...[
        'is_nullable',
        'is_unique',
        'is_indexed',
        'is_primary_key',
        'is_generated',
        'generation_expression',
        'has_auto_increment',
      ],
      ...['foreign_key_schema', 'foreign_key_table', 'foreign_key_column', 'comment'],
      // The reference's own clients and test suite send `length` for a key's size; it reads only
      // `max_length` and ignores `length`, so a body carrying it must be created all the same.
      'length',
    ]),
  },
};

/** Members a collection's update ignores; a create reads them. */
const CREATE_ONLY: Record<SchemaBodyKind, ReadonlySet<string>> = { collection: new Set(['fields']), field: new Set() };

function unknownIn(value: unknown, known: ReadonlySet<string>, path: string): string[] {
  if (!isPlainObject(value)) return [];
  return Object.keys(value)
    .filter((key) => !known.has(key))
    .map((key) => `${path}${key}`);
}

/**
 * What is wrong with the members of a collection or field body, each naming its path (`meta.versionning`,
 * `fields[0].schema.nullable`): unknown members, and members of `meta` or `schema` given at the top
 * level, with where they belong. A collection's new fields are checked as field bodies. Pure.
 */
export function schemaBodyProblems(body: unknown, kind: SchemaBodyKind, mode: SchemaBodyMode, path = ''): string[] {
  if (!isPlainObject(body)) return [];
  const shape = SHAPES[kind];
  const misplaced: string[] = [];
  const unknown: string[] = [];
  for (const key of Object.keys(body)) {
    if (shape.top.has(key) && (mode === 'create' || !CREATE_ONLY[kind].has(key))) continue;
    const home = shape.meta.has(key) ? 'meta' : shape.schema.has(key) ? 'schema' : null;
    if (home) misplaced.push(`"${path}${key}" belongs in "${path}${home}": send it as "${path}${home}.${key}"`);
    else unknown.push(`${path}${key}`);
  }
  unknown.push(
    ...unknownIn(body.meta, shape.meta, `${path}meta.`),
    ...unknownIn(body.schema, shape.schema, `${path}schema.`),
  );
  const problems = unknown.length ? [unknownMembersReason(unknown)] : [];
  problems.push(...misplaced);
  if (kind === 'collection' && mode === 'create' && Array.isArray(body.fields)) {
    body.fields.forEach((field, i) =>
      problems.push(...schemaBodyProblems(field, 'field', 'create', `${path}fields[${i}].`)),
    );
  }
  return problems;
}

/** 400 INVALID_PAYLOAD naming every problem of schemaBodyProblems at once. */
export function assertSchemaBody(body: unknown, kind: SchemaBodyKind, mode: SchemaBodyMode, path = ''): void {
  const problems = schemaBodyProblems(body, kind, mode, path);
  if (problems.length) throw new InvalidPayloadError(problems.join('; '));
}

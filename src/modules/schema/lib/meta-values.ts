import { InvalidPayloadError } from '../../../common/errors/errors';
import { isInt32 } from '../../../common/is-int32';
import { isPlainObject } from '../../../common/is-plain-object';
import { checkValidationRule } from '../../../common/query/parse-filter';

/**
 * How a meta member is stored (the columns of svc_collections, svc_fields and svc_relations). JSON members
 * are objects or arrays: a bare JSON string comes back from PostgreSQL's jsonb already decoded, and could
 * not be read again. `rule` is a validation filter.
 */
export type MetaKind =
  'string' | 'required-string' | 'boolean' | 'integer' | 'seconds' | 'status' | 'object' | 'array' | 'list' | 'rule';

export const COLLECTION_META: Readonly<Record<string, MetaKind>> = {
  icon: 'string',
  note: 'string',
  display_template: 'string',
  hidden: 'boolean',
  singleton: 'boolean',
  translations: 'array',
  archive_field: 'string',
  archive_app_filter: 'boolean',
  archive_value: 'string',
  unarchive_value: 'string',
  sort_field: 'string',
  accountability: 'string',
  color: 'string',
  item_duplication_fields: 'array',
  sort: 'integer',
  group: 'string',
  collapse: 'required-string',
  preview_url: 'string',
  versioning: 'boolean',
  status: 'status',
  autosave_revision_interval: 'seconds',
};

export const FIELD_META: Readonly<Record<string, MetaKind>> = {
  special: 'list',
  interface: 'string',
  options: 'object',
  display: 'string',
  display_options: 'object',
  readonly: 'boolean',
  hidden: 'boolean',
  sort: 'integer',
  width: 'string',
  translations: 'array',
  note: 'string',
  conditions: 'array',
  required: 'boolean',
  group: 'string',
  validation: 'rule',
  validation_message: 'string',
  searchable: 'boolean',
};

export const RELATION_META: Readonly<Record<string, MetaKind>> = {
  one_field: 'string',
  one_collection_field: 'string',
  one_allowed_collections: 'list',
  junction_field: 'string',
  sort_field: 'string',
  one_deselect_action: 'required-string',
};

function fits(kind: Exclude<MetaKind, 'rule'>, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return value === null || typeof value === 'string';
    case 'required-string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return value === null || (typeof value === 'number' && isInt32(value));
    case 'seconds':
      return value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
    case 'status':
      return value === 'active' || value === 'inactive';
    case 'list':
      return (
        value === null ||
        typeof value === 'string' ||
        (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      );
    case 'object':
      return value === null || isPlainObject(value);
    case 'array':
      return value === null || Array.isArray(value);
  }
}

const EXPECTED: Record<Exclude<MetaKind, 'rule'>, string> = {
  string: 'a string or null',
  'required-string': 'a string',
  boolean: 'true or false',
  integer: 'a whole number or null',
  seconds: 'a number of seconds (0 or more) or null',
  status: '"active" or "inactive"',
  list: 'an array of strings or null',
  object: 'an object or null',
  array: 'an array or null',
};

/**
 * The known members of a meta object, each checked against how it is stored: a value of another type
 * is 400 INVALID_PAYLOAD naming the member, never a database error. Unknown members are left out.
 */
export function pickMeta(
  source: Record<string, unknown> | null | undefined,
  kinds: Readonly<Record<string, MetaKind>>,
  where = 'meta',
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!source) return out;
  // for...in allocates nothing: a schema apply picks the meta of every new field, a thousand at a time.
  for (const key in kinds) {
    const value = source[key];
    if (value === undefined) continue;
    const kind = kinds[key];
    if (kind === 'rule') checkValidationRule(value, `${where}.${key}`);
    else if (!fits(kind, value)) throw new InvalidPayloadError(`"${where}.${key}" must be ${EXPECTED[kind]}`);
    out[key] = value;
  }
  return out;
}

/** `meta.special` as the reference takes it: an array of strings, or one comma-separated string. */
export function normalizeSpecial(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value.split(',').filter(Boolean);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  throw new InvalidPayloadError('"meta.special" must be an array of strings');
}

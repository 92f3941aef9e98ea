import { InvalidPayloadError } from '../../../common/errors/errors';

export type RelatedKey = string | number;

/** What a one-to-many payload asks for, on the related collection. */
export interface O2mChanges {
  /** Objects to write and attach: created without a primary key, updated (when it exists) with one. */
  save: Record<string, unknown>[];
  /** Existing related items to attach by key. */
  attach: RelatedKey[];
  /** Related items to detach (nullify or delete, by the relation's deselect action); `others` = every attached item not named above. */
  detach: RelatedKey[] | 'others';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKey(value: unknown): value is RelatedKey {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

function list(field: string, part: string, value: unknown): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new InvalidPayloadError(`"${field}.${part}" must be an array`);
  return value;
}

/**
 * The two one-to-many payload forms of the reference platform: the full list (`[1, { id: 2, title }, { title }]`,
 * anything not listed is detached) and the change set (`{ create: [...], update: [...], delete: [keys] }`).
 */
export function o2mChanges(field: string, value: unknown, primaryKey: string): O2mChanges {
  if (Array.isArray(value)) {
    const changes: O2mChanges = { save: [], attach: [], detach: 'others' };
    for (const entry of value) {
      if (isKey(entry)) changes.attach.push(entry);
      else if (isObject(entry)) changes.save.push(entry);
      else throw new InvalidPayloadError(`"${field}" must list primary keys or objects`);
    }
    return changes;
  }
  if (!isObject(value)) throw new InvalidPayloadError(`"${field}" must be an array or an object with "create", "update" and "delete"`);
  const unknown = Object.keys(value).filter((k) => !['create', 'update', 'delete'].includes(k));
  if (unknown.length) throw new InvalidPayloadError(`"${field}.${unknown[0]}" is not allowed`);
  const create = list(field, 'create', value.create);
  const update = list(field, 'update', value.update);
  const detach = list(field, 'delete', value.delete);
  if (!create.every(isObject)) throw new InvalidPayloadError(`"${field}.create" must list objects`);
  if (!update.every((u) => isObject(u) && isKey(u[primaryKey]))) throw new InvalidPayloadError(`"${field}.update" must list objects with their "${primaryKey}"`);
  if (!detach.every(isKey)) throw new InvalidPayloadError(`"${field}.delete" must list primary keys`);
  return { save: [...(create as Record<string, unknown>[]), ...(update as Record<string, unknown>[])], attach: [], detach: detach as RelatedKey[] };
}

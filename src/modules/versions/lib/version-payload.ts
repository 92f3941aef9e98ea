import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';

/** Keys the `version` query parameter gives a meaning of its own (API.md 5.2, 5.7). */
export const RESERVED_VERSION_KEYS: readonly string[] = ['main', 'published'];

/** The only key a version of a not-yet-existing item (item null) may have: it is that item's draft. */
export const ITEMLESS_VERSION_KEY = 'draft';

const KEY_MAX_LENGTH = 64;

export interface VersionCreate {
  key: string;
  name?: string | null;
  collection: string;
  /** null: a draft of a new item, created on promote. */
  item: string | null;
}

export interface VersionUpdate {
  key?: string;
  name?: string | null;
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key === '')
    throw new InvalidPayloadError('"key" is required and must be a non-empty string');
  if (key.length > KEY_MAX_LENGTH) throw new InvalidPayloadError(`"key" is longer than ${KEY_MAX_LENGTH} characters`);
  if (RESERVED_VERSION_KEYS.includes(key)) throw new InvalidPayloadError(`"${key}" is a reserved version key`);
  return key;
}

function checkName(name: unknown): void {
  if (name !== undefined && name !== null && (typeof name !== 'string' || name === ''))
    throw new InvalidPayloadError('"name" must be a non-empty string or null');
}

/** A version without an item is the draft of a new item, so its key is fixed. */
export function checkItemlessKey(key: string): void {
  if (key !== ITEMLESS_VERSION_KEY)
    throw new InvalidPayloadError(`"key" must be "${ITEMLESS_VERSION_KEY}" for versions not linked to an item`);
}

/** Every member outside `known` named at once, as other system collections' writes name them. */
function refuseUnknown(body: Record<string, unknown>, known: string[]): void {
  const unknown = Object.keys(body).filter((k) => !known.includes(k));
  if (unknown.length)
    throw new InvalidPayloadError(
      `${unknown.map((k) => `"${k}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not allowed`,
    );
}

/** The body of one new version (API.md 5.2): only `key`, `name`, `collection`, `item`, with `item` a string. */
export function parseVersionCreate(body: unknown): VersionCreate {
  if (!isPlainObject(body)) throw new InvalidPayloadError('A version must be an object');
  refuseUnknown(body, ['key', 'name', 'collection', 'item']);
  const { key, name, collection, item } = body;
  if (typeof collection !== 'string' || collection === '')
    throw new InvalidPayloadError('"collection" is required and must be a string');
  // Numeric primary keys too: the column is text and the reference platform refuses numbers.
  if (item !== undefined && item !== null && (typeof item !== 'string' || item === ''))
    throw new InvalidPayloadError('"item" must be a string or null');
  checkName(name);
  const checked = checkKey(key);
  if (item == null) checkItemlessKey(checked);
  return {
    key: checked,
    ...(name !== undefined ? { name: name as string | null } : {}),
    collection,
    item: item ?? null,
  };
}

/** A change to a version (API.md 5.3): `key` and `name` only; the versioned item can't be swapped. */
export function parseVersionUpdate(body: unknown): VersionUpdate {
  if (!isPlainObject(body)) throw new InvalidPayloadError('The changes must be an object');
  for (const field of Object.keys(body)) {
    if (field === 'collection' || field === 'item')
      throw new InvalidPayloadError(`"${field}" of a version can't be changed`);
  }
  refuseUnknown(body, ['key', 'name']);
  if ('key' in body) checkKey(body.key);
  checkName(body.name);
  return body;
}

import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';

/** Keys the `version` query parameter gives a meaning of its own (API.md 5.2, 5.7). */
export const RESERVED_VERSION_KEYS: readonly string[] = ['main', 'published'];

const KEY_MAX_LENGTH = 64;

export interface VersionCreate {
  key: string;
  name?: string | null;
  collection: string;
  item: string;
}

export interface VersionUpdate {
  key?: string;
  name?: string | null;
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') throw new InvalidPayloadError('"key" is required and must be a non-empty string');
  if (key.length > KEY_MAX_LENGTH) throw new InvalidPayloadError(`"key" is longer than ${KEY_MAX_LENGTH} characters`);
  if (RESERVED_VERSION_KEYS.includes(key)) throw new InvalidPayloadError(`"${key}" is a reserved version key`);
  return key;
}

function checkName(name: unknown): void {
  if (name !== undefined && name !== null && (typeof name !== 'string' || name === '')) throw new InvalidPayloadError('"name" must be a non-empty string or null');
}

/** The body of one new version (API.md 5.2): only `key`, `name`, `collection`, `item`, with `item` a string. */
export function parseVersionCreate(body: unknown): VersionCreate {
  if (!isPlainObject(body)) throw new InvalidPayloadError('A version must be an object');
  const unknown = Object.keys(body).filter((k) => !['key', 'name', 'collection', 'item'].includes(k));
  if (unknown.length) throw new InvalidPayloadError(`"${unknown[0]}" is not allowed`);
  const { key, name, collection, item } = body;
  if (typeof collection !== 'string' || collection === '') throw new InvalidPayloadError('"collection" is required and must be a string');
  // Numeric primary keys too: the column is text and the reference platform refuses numbers.
  if (typeof item !== 'string' || item === '') throw new InvalidPayloadError('"item" is required and must be a string');
  checkName(name);
  return { key: checkKey(key), ...(name !== undefined ? { name: name as string | null } : {}), collection, item };
}

/** A change to a version (API.md 5.3): `key` and `name` only; the versioned item can't be swapped. */
export function parseVersionUpdate(body: unknown): VersionUpdate {
  if (!isPlainObject(body)) throw new InvalidPayloadError('The changes must be an object');
  for (const field of Object.keys(body)) {
    if (field === 'collection' || field === 'item') throw new InvalidPayloadError(`"${field}" of a version can't be changed`);
    if (field !== 'key' && field !== 'name') throw new InvalidPayloadError(`"${field}" is not allowed`);
  }
  if ('key' in body) checkKey(body.key);
  checkName(body.name);
  return body as VersionUpdate;
}

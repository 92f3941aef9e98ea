import { InvalidPayloadError } from '../../../common/errors/errors';
import { refusePrototypeKeys } from '../../../common/prototype-keys';
import { Snapshot, SNAPSHOT_VENDORS } from './snapshot.types';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requireString(entry: Record<string, unknown>, key: string, where: string): void {
  if (typeof entry[key] !== 'string' || entry[key] === '') {
    throw new InvalidPayloadError(`${where} needs a string "${key}"`);
  }
}

function requireNullableObject(entry: Record<string, unknown>, key: string, where: string): void {
  if (entry[key] !== undefined && entry[key] !== null && !isObject(entry[key])) {
    throw new InvalidPayloadError(`${where}: "${key}" must be an object or null`);
  }
}

/**
 * Checks an uploaded snapshot's shape (API.md 4.2) and returns it typed. Accepts the `{ data }` envelope
 * that GET /schema/snapshot answers with, so a snapshot can be posted back as it was received.
 */
export function validateSnapshot(input: unknown): Snapshot {
  // Diffing walks the entries' members by key; a YAML or command-line snapshot did not pass the JSON body's check.
  refusePrototypeKeys(input, 'The snapshot', (reason) => new InvalidPayloadError(reason));
  const raw = isObject(input) && isObject(input.data) && !('collections' in input) ? input.data : input;
  if (!isObject(raw) || Object.keys(raw).length === 0)
    throw new InvalidPayloadError('The snapshot must be a non-empty object');
  if (raw.version !== 1) throw new InvalidPayloadError('"version" must be 1');
  if (typeof raw.platform !== 'string' || raw.platform === '')
    throw new InvalidPayloadError('"platform" must be a string');
  if (typeof raw.vendor !== 'string' || !(SNAPSHOT_VENDORS as readonly string[]).includes(raw.vendor)) {
    throw new InvalidPayloadError(`"vendor" must be one of ${SNAPSHOT_VENDORS.join(', ')}`);
  }
  for (const key of ['collections', 'fields', 'relations']) {
    if (!Array.isArray(raw[key])) throw new InvalidPayloadError(`"${key}" must be an array`);
  }
  if (raw.systemFields !== undefined && !Array.isArray(raw.systemFields)) {
    throw new InvalidPayloadError('"systemFields" must be an array');
  }
  (raw.collections as unknown[]).forEach((entry, i) => {
    const where = `collections[${i}]`;
    if (!isObject(entry)) throw new InvalidPayloadError(`${where} must be an object`);
    requireString(entry, 'collection', where);
    requireNullableObject(entry, 'meta', where);
    requireNullableObject(entry, 'schema', where);
  });
  (raw.fields as unknown[]).forEach((entry, i) => {
    const where = `fields[${i}]`;
    if (!isObject(entry)) throw new InvalidPayloadError(`${where} must be an object`);
    requireString(entry, 'collection', where);
    requireString(entry, 'field', where);
    requireString(entry, 'type', where);
    requireNullableObject(entry, 'meta', where);
    requireNullableObject(entry, 'schema', where);
  });
  (raw.relations as unknown[]).forEach((entry, i) => {
    const where = `relations[${i}]`;
    if (!isObject(entry)) throw new InvalidPayloadError(`${where} must be an object`);
    requireString(entry, 'collection', where);
    requireString(entry, 'field', where);
    if (
      entry.related_collection !== null &&
      entry.related_collection !== undefined &&
      typeof entry.related_collection !== 'string'
    ) {
      throw new InvalidPayloadError(`${where}: "related_collection" must be a string or null`);
    }
    requireNullableObject(entry, 'meta', where);
    requireNullableObject(entry, 'schema', where);
  });
  return { systemFields: [], ...raw } as unknown as Snapshot;
}

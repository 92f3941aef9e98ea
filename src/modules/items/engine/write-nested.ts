import type { EntityManager } from 'typeorm';
import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
import type { RelationLink } from '../../schema/schema.types';
import { collectionOf, Item, ItemsScope, PrimaryKey } from './items.types';
import type { WriteMode } from './plan-payload';
import { existingKeys, keyExists } from './write-rows';

/**
 * Write stage, relations: nested many-to-one objects and one-to-many values of an item, written through
 * the related collections' own engines (so their rules, activity and revisions apply), row by row.
 */

/** The engine of a related collection, on the same caller and transaction. */
export interface RelatedItems {
  readonly scope: ItemsScope;
  createOne(data: Item): Promise<PrimaryKey>;
  updateOne(key: PrimaryKey, data: Item): Promise<PrimaryKey>;
  updateMany(keys: PrimaryKey[], data: Item): Promise<PrimaryKey[]>;
  deleteMany(keys: PrimaryKey[]): Promise<PrimaryKey[]>;
}

export interface NestedWrite {
  scope: ItemsScope;
  manager: EntityManager;
  related(collection: string): RelatedItems;
}

/** The relational fields of the collection: many-to-one (many-to-any `item` fields too) and one-to-many. */
export interface NestedFields {
  m2o: string[];
  o2m: string[];
}

export function nestedWriteFields(scope: ItemsScope): NestedFields {
  const overview = scope.deps.overviews.current;
  const out: NestedFields = { m2o: [], o2m: [] };
  for (const key of Object.keys(collectionOf(scope).fields)) {
    const type = overview.isAnyToOne(scope.collection, key) ? 'm2o' : overview.relation(scope.collection, key)?.type;
    if (type === 'm2o' || type === 'o2m') out[type].push(key);
  }
  return out;
}

/** Nested many-to-one objects or one-to-many values: written through the related collections, row by row. */
export function hasNestedWrites(fields: NestedFields, item: unknown): boolean {
  if (!isPlainObject(item)) return false;
  return fields.m2o.some((key) => isPlainObject(item[key])) || fields.o2m.some((key) => item[key] !== undefined);
}

/** Updates the related item `entry` names by an existing key with `changes`; null when it names none. */
async function updateExisting(
  write: NestedWrite,
  service: RelatedItems,
  entry: Item,
  changes: (rest: Item) => Item,
): Promise<PrimaryKey | null> {
  const pk = collectionOf(service.scope).primary;
  const { [pk]: key, ...rest } = entry;
  if (key === undefined || key === null || !(await keyExists(service.scope, write.manager, key))) return null;
  const data = changes(rest);
  if (Object.keys(data).length) await service.updateOne(key as PrimaryKey, data);
  return key as PrimaryKey;
}

/**
 * Nested many-to-one objects are written first (created, or updated when they carry an existing key)
 * and replaced by their keys.
 */
export async function writeManyToOne(write: NestedWrite, data: unknown): Promise<Item> {
  if (!isPlainObject(data)) throw new InvalidPayloadError('An item must be an object');
  const out: Item = { ...data };
  for (const [key, value] of Object.entries(data)) {
    if (!isPlainObject(value)) continue;
    const link = manyToOneLink(write, data, key);
    if (link?.type !== 'm2o') continue;
    const service = write.related(link.related);
    const written = (await updateExisting(write, service, value, (rest) => rest)) ?? (await service.createOne(value));
    out[key] = link.collectionField ? String(written) : written;
  }
  return out;
}

/** The many-to-one `key` writes through; a many-to-any's toward the collection the item names. */
function manyToOneLink(write: NestedWrite, data: Item, key: string): RelationLink | null {
  const overview = write.scope.deps.overviews.current;
  if (!overview.isAnyToOne(write.scope.collection, key)) return overview.relation(write.scope.collection, key);
  const collectionField = overview.relationEntry(write.scope.collection, key)!.meta!.one_collection_field!;
  const target = data[collectionField];
  const link = typeof target === 'string' ? overview.anyToOne(write.scope.collection, key, target) : null;
  if (!link) throw new InvalidPayloadError(`"${collectionField}" must name one of the collections "${key}" may hold`);
  return link;
}

/**
 * One-to-many values after the parent row exists: an array is the complete new set (keys or objects;
 * related rows left out are deselected), `{ create, update, delete }` changes only what it names.
 */
export async function writeOneToMany(
  write: NestedWrite,
  parent: PrimaryKey,
  data: Item,
  mode: WriteMode,
): Promise<void> {
  for (const [key, value] of Object.entries(data)) {
    const link = write.scope.deps.overviews.current.relation(write.scope.collection, key);
    if (link?.type !== 'o2m' || value === undefined) continue;
    const set = { write, link, service: write.related(link.related), parent };
    if (Array.isArray(value)) await replaceSet(set, value, mode);
    else if (isPlainObject(value)) await changeSet(set, key, value);
    else if (value !== null)
      throw new InvalidPayloadError(`Field "${key}" expects an array or { create, update, delete }`);
  }
}

interface RelatedSet {
  write: NestedWrite;
  link: RelationLink;
  service: RelatedItems;
  parent: PrimaryKey;
}

/** Links a related item to the parent: by key, or an object updated when it names an existing key, created otherwise. */
async function link(set: RelatedSet, entry: unknown): Promise<PrimaryKey> {
  const fk = set.link.relatedField;
  if (isKeyLike(entry)) return set.service.updateOne(entry, { [fk]: set.parent });
  if (!isPlainObject(entry)) throw new InvalidPayloadError(`"${set.link.field}" must hold keys or objects`);
  const updated = await updateExisting(set.write, set.service, entry, (rest) => ({ ...rest, [fk]: set.parent }));
  return updated ?? set.service.createOne({ ...entry, [fk]: set.parent });
}

/** Related rows leave the set: deleted or unlinked, as the relation's `one_deselect_action` says. */
async function deselect(set: RelatedSet, keys: PrimaryKey[]): Promise<void> {
  if (!keys.length) return;
  if (set.link.relation.meta?.one_deselect_action === 'delete') await set.service.deleteMany(keys);
  else await set.service.updateMany(keys, { [set.link.relatedField]: null });
}

async function replaceSet(set: RelatedSet, entries: unknown[], mode: WriteMode): Promise<void> {
  const kept = new Set<string>();
  for (const entry of entries) kept.add(String(await link(set, entry)));
  if (mode !== 'update') return;
  // A shared junction's rows of the parent's other one-to-many (a policy's users beside its roles) stay.
  const current = await existingKeys(
    set.service.scope,
    set.write.manager,
    [set.parent],
    set.link.relatedField,
    set.link.junctionKey,
  );
  await deselect(
    set,
    [...current].filter((k) => !kept.has(k)),
  );
}

async function changeSet(set: RelatedSet, key: string, value: Item): Promise<void> {
  const list = (name: string): unknown[] => {
    const entries = value[name] ?? [];
    if (!Array.isArray(entries)) throw new InvalidPayloadError(`"${key}.${name}" must be an array`);
    return entries;
  };
  for (const entry of list('create')) {
    if (!isPlainObject(entry)) throw new InvalidPayloadError(`"${key}.create" must hold objects`);
    await set.service.createOne({ ...entry, [set.link.relatedField]: set.parent });
  }
  for (const entry of list('update')) await link(set, entry);
  const gone = list('delete');
  if (!gone.every(isKeyLike)) throw new InvalidPayloadError(`"${key}.delete" must hold keys`);
  await deselect(set, gone);
}

/** A value that can name a row; whether it does is the related collection's to answer (403 when not). */
function isKeyLike(value: unknown): value is PrimaryKey {
  return typeof value === 'string' || typeof value === 'number';
}

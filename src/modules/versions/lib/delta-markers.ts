import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from '../../../common/is-plain-object';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { Delta } from './delta';

/** What the delta helpers need to know of the schema (the schema overview answers it). */
export interface DeltaSchema {
  primary(collection: string): string;
  specials(collection: string): readonly { field: string; special: readonly string[] }[];
  relation(collection: string, field: string): { type: 'm2o' | 'o2m'; related: string } | null;
}

export function deltaSchemaOf(overview: SchemaOverview): DeltaSchema {
  return {
    primary: (collection) => overview.collection(collection)?.primary ?? 'id',
    specials: (collection) => Object.values(overview.collection(collection)?.fields ?? {}),
    relation: (collection, field) => overview.relation(collection, field),
  };
}

type ItemFn = (item: Delta, collection: string, path: string[]) => Delta;

/**
 * Rebuilds every object of a delta that stands for an item, innermost first: the root, many-to-one
 * objects, and the entries of one-to-many lists and change sets. Other values (JSON fields included) are
 * left as they are.
 */
function mapItems(item: Delta, collection: string, schema: DeltaSchema, fn: ItemFn, path: string[] = []): Delta {
  const out: Delta = {};
  for (const [field, value] of Object.entries(item)) {
    const link = schema.relation(collection, field);
    if (!link) {
      out[field] = value;
      continue;
    }
    const one = (entry: unknown, at: string[]) =>
      isPlainObject(entry) ? mapItems(entry, link.related, schema, fn, at) : entry;
    const here = [...path, field];
    if (link.type === 'm2o') out[field] = one(value, here);
    else if (Array.isArray(value)) out[field] = value.map((entry, i) => one(entry, [...here, String(i)]));
    else if (isPlainObject(value)) {
      out[field] = Object.fromEntries(
        Object.entries(value).map(([part, list]) => [
          part,
          Array.isArray(list) ? list.map((entry, i) => one(entry, [...here, part, String(i)])) : list,
        ]),
      );
    } else out[field] = value;
  }
  return fn(out, collection, path);
}

function at(value: unknown, path: string[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * API.md 5.4: each item object a save changes carries who saved it and when (`_user`, `_date`), so reads
 * of the version can tell who last changed each part. Objects equal to what the delta held are left alone.
 */
export function stampDelta(
  changes: Delta,
  stored: unknown,
  collection: string,
  schema: DeltaSchema,
  user: string | null,
  date: string,
): Delta {
  return mapItems(changes, collection, schema, (item, _collection, path) => {
    const before = at(stored, path);
    if (before !== undefined && isDeepStrictEqual(before, item)) return item;
    return { ...item, _user: user, _date: date };
  });
}

/** The delta as a write of the item: the markers removed. */
export function stripMarkers(delta: Delta, collection: string, schema: DeltaSchema): Delta {
  return mapItems(delta, collection, schema, (item) => {
    const { _user: _u, _date: _d, ...rest } = item;
    return rest;
  });
}

/**
 * The delta as clients read it (API.md 5.3): the item's key added, markers turned into the item's
 * `user_updated`/`date_updated` fields (`user_created`/`date_created` for objects without a key, which
 * are new items) and removed. A draft of a new item (item null) reads as a new item: no key.
 */
export function mapDelta(delta: Delta, collection: string, item: string | null, schema: DeltaSchema): Delta {
  const root = item === null ? delta : { ...delta, [schema.primary(collection)]: item };
  return mapItems(root, collection, schema, (object, name) => {
    const { _user: _u, _date: _d, ...out } = object;
    const existing = schema.primary(name) in object;
    for (const { field, special } of schema.specials(name)) {
      const marker = existing
        ? special.includes('user-updated')
          ? '_user'
          : special.includes('date-updated')
            ? '_date'
            : undefined
        : special.includes('user-created')
          ? '_user'
          : special.includes('date-created')
            ? '_date'
            : undefined;
      if (!marker) continue;
      if (object[marker] === undefined) delete out[field];
      else out[field] = object[marker];
    }
    return out;
  });
}

import { isPlainObject } from '../../../common/is-plain-object';
import type { Delta } from './delta';

type Row = Record<string, unknown>;

/** What a read through a version tells of each versioned item (API.md 5.7). */
export interface VersionMeta {
  version_id: string;
  /** The version's delta as clients read it (API.md 5.3): of a version that failed, or `{}` of one without changes. */
  delta?: Delta;
  /** Why the version could not be applied (list reads only): the standard error object. */
  error?: { message: string; extensions: Record<string, unknown> };
}

/** What the result mapping needs to know of the schema. */
export interface RowSchema {
  primary(collection: string): string;
  /**
   * Where a relational field of `row` points: a many-to-one (a many-to-any toward the collection `row`
   * names; null when `row` does not name it) or a one-to-many; null for other fields.
   */
  link(collection: string, field: string, row: Row): { type: 'm2o' | 'o2m'; related: string } | null;
}

/** Keys of the rows written only inside the version's rolled-back transaction, by collection. */
export type CreatedKeys = ReadonlyMap<string, ReadonlySet<string>>;

function isCreated(created: CreatedKeys, collection: string, value: unknown): boolean {
  return (
    (typeof value === 'string' || typeof value === 'number') && (created.get(collection)?.has(String(value)) ?? false)
  );
}

/**
 * API.md 5.7: rows that exist only in the version have no key yet, so every key of one reads as null:
 * the row's own primary key, many-to-one keys and the keys of one-to-many lists, at any depth.
 */
export function hideCreatedKeys(row: Row, collection: string, schema: RowSchema, created: CreatedKeys): Row {
  if (!created.size) return row;
  const primary = schema.primary(collection);
  const out: Row = {};
  for (const [field, value] of Object.entries(row)) {
    const link = field === primary ? null : schema.link(collection, field, row);
    const one = (entry: unknown, related: string) =>
      isPlainObject(entry)
        ? hideCreatedKeys(entry, related, schema, created)
        : isCreated(created, related, entry)
          ? null
          : entry;
    if (field === primary) out[field] = isCreated(created, collection, value) ? null : value;
    else if (!link) out[field] = value;
    else if (Array.isArray(value)) out[field] = value.map((entry) => one(entry, link.related));
    else out[field] = one(value, link.related);
  }
  return out;
}

export interface VersionedRowsInput {
  /** The rows as read, primary keys as stored (before hideCreatedKeys). */
  rows: Row[];
  primary: string;
  /** By the item's primary key (as text): the meta of the version applied to it. */
  meta: ReadonlyMap<string, VersionMeta>;
  /** Versions of new items that could not be created: answered after the rows, while the page has room. */
  failedDrafts: readonly { meta: VersionMeta; values: Delta }[];
  /** By the item's primary key: the delta's values of a version that failed, shown over the main values. */
  failedValues: ReadonlyMap<string, Delta>;
  /** The plain (not relational) fields the read asked for; a failed version shows these. */
  plainFields: readonly string[];
  /** How many rows the page holds; null for no limit. */
  limit: number | null;
  /** Answers a row with keys of version-only rows nulled (see hideCreatedKeys). */
  hide: (row: Row) => Row;
}

/**
 * The rows of a list read through a version (API.md 5.7): `$meta` on each versioned row; a row whose
 * version failed shows the delta's plain values over the main ones; failed drafts of new items follow
 * as rows of their own values over nulls.
 */
export function versionedRows(input: VersionedRowsInput): Row[] {
  const { rows, primary, meta, plainFields } = input;
  const nulls = Object.fromEntries(plainFields.map((field) => [field, null]));
  const plain = (values: Delta) =>
    Object.fromEntries(plainFields.filter((f) => f in values).map((f) => [f, values[f]]));
  const out = rows.map((row) => {
    const key = String(row[primary]);
    const shown = input.hide(row);
    const found = meta.get(key);
    if (!found) return shown;
    const failed = input.failedValues.get(key);
    return failed ? { ...nulls, ...shown, $meta: found, ...plain(failed) } : { ...shown, $meta: found };
  });
  for (const draft of input.failedDrafts) {
    if (input.limit !== null && out.length >= input.limit) break;
    out.push({ ...nulls, $meta: draft.meta, ...plain(draft.values) });
  }
  return out;
}

import type { CollectionOverview, FieldOverview } from '../../schema/schema.types';
import type { AggregateGroup, AggregateOutput } from './compile-sql';
import { CONCEALED, Item } from './items.types';
import type { ReadNode } from './read-plan';
import { fromDb, readValue } from './values';

/**
 * Shape stage of reads: database rows into the items the API answers. Pure: run-read.ts fetches the
 * rows and hands them here.
 */

/** Hashed and concealed values never leave the server in plain text (API.md 11). */
export function isSecret(field: FieldOverview): boolean {
  return field.type === 'hash' || field.special.includes('hash') || field.special.includes('conceal');
}

/** The columns one level of a read selects: the key, `extra`, the node's fields and its many-to-one keys. */
export function selectedColumns(collection: CollectionOverview, node: ReadNode, extra: string[] = []): string[] {
  const fields = new Set<string>([collection.primary, ...extra, ...node.columns.map((c) => c.field)]);
  for (const rel of node.relations) {
    if (rel.link.type === 'm2o') fields.add(rel.link.field);
    if (rel.link.collectionField) fields.add(rel.link.collectionField);
  }
  return [...fields];
}

/** A selected row in API forms, keyed by field (functions by their keys). */
export function rowFromDb(collection: CollectionOverview, node: ReadNode, columns: string[], row: Item): Item {
  const item: Item = {};
  for (const field of columns) item[field] = readValue(collection.fields[field], row[field]);
  // json() answers JSON text on every vendor: parsed here, so all answer the same types.
  for (const f of node.functions) item[f.key] = fromDb(f.fn === 'json' ? 'json' : 'integer', row[f.key]);
  return item;
}

/** The answer for one row: the node's output keys, secrets concealed, then its relations. */
export function shapeItem(collection: CollectionOverview, node: ReadNode, row: Item, related: Item | undefined): Item {
  const out: Item = {};
  for (const column of node.columns) {
    const value = row[column.field];
    out[column.key] = value !== null && isSecret(collection.fields[column.field]) ? CONCEALED : value;
  }
  for (const f of node.functions) out[f.key] = row[f.key];
  return Object.assign(out, related);
}

/** `limit` (-1 for all), `offset` or `page` as the rows to skip and take; `limit` null takes all. */
export function queryWindow(
  query: { limit?: number; offset?: number; page?: number },
  defaultLimit: number,
): { limit: number | null; offset: number } {
  const limit = query.limit ?? defaultLimit;
  const offset = query.offset ?? (query.page && limit > 0 ? limit * (query.page - 1) : 0);
  return { limit: limit === -1 ? null : limit, offset };
}

/** `items` added to `groups` by the value of `key` in `rows` (the same positions), as strings. */
export function groupBy(
  rows: Item[],
  items: Item[],
  key: string,
  groups = new Map<string, Item[]>(),
): Map<string, Item[]> {
  rows.forEach((row, i) => {
    const name = String(row[key]);
    const group = groups.get(name);
    if (group) group.push(items[i]);
    else groups.set(name, [items[i]]);
  });
  return groups;
}

/** An aggregate row: groups by key, `count` of `*` as a number, others as `{ fn: { field: n } }`. */
export function aggregateItem(row: Item, groups: AggregateGroup[], outputs: AggregateOutput[]): Item {
  const item: Item = {};
  for (const g of groups) item[g.key] = fromDb(g.type, row[g.key]);
  for (const o of outputs) {
    const raw = row[o.alias];
    const value = raw === null || raw === undefined ? null : Number(raw);
    if (o.field === '*' || o.fn === 'countAll') item[o.fn] = value;
    else item[o.fn] = { ...(item[o.fn] ?? {}), [o.field]: value };
  }
  return item;
}

/**
 * The rows of `collection` as stored, in API forms, for revisions: secrets (hashes, TFA secrets, tokens)
 * concealed, as every read answers them.
 */
export function revisionRow(fields: FieldOverview[], row: Item): Item {
  const item: Item = {};
  for (const f of fields) {
    const value = readValue(f, row[f.field]);
    item[f.field] = value !== null && isSecret(f) ? CONCEALED : value;
  }
  return item;
}

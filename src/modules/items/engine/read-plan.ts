import { ForbiddenError, InvalidQueryError } from '../../../common/errors/errors';
import type { DeepQuery } from '../../../common/query/query.types';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { RelationLink } from '../../schema/schema.types';
import { parseFunction } from './compile-filter';

/** Which fields of a collection the caller may read; null when none (no read permission). */
export type ReadableFields = (collection: string) => Set<string> | '*' | null;

export interface ReadNode {
  collection: string;
  /** Output keys of plain values, each with the field it reads. */
  columns: { key: string; field: string }[];
  /** `year(date)` → key `date_year`; `count(comments)` → `comments_count` (the reference platform's names). */
  functions: { key: string; fn: string; field: string }[];
  relations: RelationNode[];
}

export interface RelationNode {
  /** Output key (the field, or its `alias` name). */
  key: string;
  link: RelationLink;
  node: ReadNode;
  /** `*` on a one-to-many field answers the related keys only, not objects. */
  keysOnly: boolean;
  deep?: DeepQuery;
}

export interface PlanOptions {
  overview: SchemaOverview;
  readable: ReadableFields;
  maxDepth: number;
  backlink?: boolean;
}

/**
 * Turns `fields` (`*`, `title`, `author.name`, `*.*`, `comments.*`) into a tree of reads: one query per
 * collection and relation level. Wildcards expand to the fields the caller may read; naming a field the
 * caller may not read is FORBIDDEN, naming one that does not exist is INVALID_QUERY.
 */
export function planRead(
  options: PlanOptions,
  collection: string,
  fields: string[],
  alias: Record<string, string> = {},
  deep: Record<string, DeepQuery> = {},
  depth = 1,
  parentLink?: RelationLink,
): ReadNode {
  if (depth > options.maxDepth) throw new InvalidQueryError(`Relational depth is limited to ${options.maxDepth}`);
  const overview = options.overview.collection(collection)!;
  const readable = options.readable(collection);
  if (readable === null) throw new ForbiddenError();
  const mayRead = (field: string) => readable === '*' || readable.has(field);
  const node: ReadNode = { collection, columns: [], functions: [], relations: [] };
  const children = new Map<string, { field: string; paths: string[]; explicit: boolean }>();
  const addChild = (key: string, field: string, path: string | null, explicit: boolean) => {
    const entry = children.get(key) ?? { field, paths: [], explicit };
    if (path) entry.paths.push(path);
    entry.explicit ||= explicit;
    children.set(key, entry);
  };
  const seen = new Set<string>();
  const addColumn = (key: string, field: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    node.columns.push({ key, field });
  };
  const isBacklink = (link: RelationLink | null) =>
    options.backlink === false &&
    parentLink !== undefined &&
    link !== null &&
    link.relation === parentLink.relation;

  for (const entry of fields) {
    const fn = parseFunction(entry);
    if (fn) {
      if (!overview.fields[fn.field]) throw new InvalidQueryError(`Field "${fn.field}" does not exist in collection "${collection}"`);
      if (!mayRead(fn.field)) throw new ForbiddenError();
      node.functions.push({ key: `${fn.field}_${fn.fn}`, ...fn });
      continue;
    }
    const [head, ...rest] = entry.split('.');
    const tail = rest.length ? rest.join('.') : null;
    if (head === '*') {
      for (const [name, field] of Object.entries(overview.fields)) {
        if (!mayRead(name)) continue;
        const link = options.overview.relation(collection, name);
        if (isBacklink(link)) continue;
        if (tail && link && options.readable(link.related) !== null) addChild(name, name, tail, false);
        else if (link?.type === 'o2m') {
          if (options.readable(link.related) !== null) addChild(name, name, null, false);
        } else if (field.type !== 'alias') addColumn(name, name);
      }
      continue;
    }
    const fieldName = alias[head] ?? head;
    const field = overview.fields[fieldName];
    if (!field) throw new InvalidQueryError(`Field "${head}" does not exist in collection "${collection}"`);
    if (!mayRead(fieldName)) throw new ForbiddenError();
    const link = options.overview.relation(collection, fieldName);
    if (tail || link?.type === 'o2m') {
      if (!link) throw new InvalidQueryError(`Field "${head}" of collection "${collection}" is not a relation`);
      addChild(head, fieldName, tail, true);
    } else if (field.type !== 'alias') addColumn(head, fieldName);
  }

  for (const [key, child] of children) {
    const link = options.overview.relation(collection, child.field)!;
    if (child.paths.length === 0) {
      // `*` or the bare name of a one-to-many field: the related keys.
      const related = options.overview.collection(link.related)!;
      node.relations.push({ key, link, keysOnly: true, node: { collection: link.related, columns: [{ key: related.primary, field: related.primary }], functions: [], relations: [] } });
      continue;
    }
    if (options.readable(link.related) === null) {
      if (child.explicit) throw new ForbiddenError();
      if (link.type === 'm2o') addColumn(key, child.field);
      continue;
    }
    const sub = deep[key];
    const paths = sub?.fields ? [...child.paths, ...sub.fields] : child.paths;
    node.relations.push({
      key,
      link,
      keysOnly: false,
      deep: sub,
      node: planRead(options, link.related, paths, {}, sub?.deep ?? {}, depth + 1, link),
    });
  }
  return node;
}

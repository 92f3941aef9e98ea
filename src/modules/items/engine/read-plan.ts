import { collectionForbidden, FieldForbiddenError, InvalidQueryError } from '../../../common/errors/errors';
import { isPrototypeKey } from '../../../common/prototype-keys';
import {
  type ColumnRef,
  type FieldRef,
  fieldRefText,
  functionKey,
  type JsonRef,
  jsonRef,
} from '../../../common/query/field-ref';
import { jsonFunction, type JsonPathSegment } from '../../../common/query/parse-json-function';
import type { DeepQuery } from '../../../common/query/query.types';
import type { SchemaOverview } from '../../schema/schema-overview';
import type { CollectionOverview, RelationLink } from '../../schema/schema.types';
import { isForeignAnyScope, parseAnyField, readableAnyLink } from './any-field';
import { checkFunction } from './secret-access';

/** Which fields of a collection the caller may read; null when none (no read permission). */
export type ReadableFields = (collection: string) => Set<string> | '*' | null;

export interface ReadNode {
  collection: string;
  /** Output keys of plain values, each with the field it reads. */
  columns: { key: string; field: string }[];
  /**
   * `year(date)` → key `date_year`; `count(comments)` → `comments_count`; `json(meta, a[0])` →
   * `meta_a_0_json` with its `path` (the reference platform's names).
   */
  functions: { key: string; fn: string; field: string; path?: JsonPathSegment[] }[];
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
  /**
   * A many-to-any `item` read unscoped (`item.*`, wildcards): a row whose collection no node reads
   * answers null, as the reference does; a scoped read (`item:circles.*`) leaves other rows' keys.
   */
  othersNull?: boolean;
}

export interface PlanOptions {
  overview: SchemaOverview;
  readable: ReadableFields;
  maxDepth: number;
  backlink?: boolean;
}

/** The reference's words for a fields, filter, sort or deep path deeper than MAX_RELATIONAL_DEPTH. */
export function depthExceeded(): InvalidQueryError {
  return new InvalidQueryError('Max relational depth exceeded');
}

/**
 * Turns `fields` (`*`, `title`, `author.name`, `*.*`, `comments.*`) into a tree of reads: one query per
 * collection and relation level. Wildcards expand to the fields the caller may read; naming a field the
 * caller may not read, or one that does not exist, is FORBIDDEN; a dotted path through a field that is no
 * relation is ignored, as the reference does.
 */
export function planRead(
  options: PlanOptions,
  collection: string,
  fields: FieldRef[],
  alias: Record<string, ColumnRef | JsonRef> = {},
  deep: Record<string, DeepQuery> = {},
  depth = 1,
  parentLink?: RelationLink,
  path = '',
): ReadNode {
  if (depth > options.maxDepth) throw depthExceeded();
  const level = new PlanLevel(options, collection, parentLink, path);
  for (const entry of fields) level.add(entry, alias);
  for (const [key, child] of level.children) {
    const link = child.target
      ? options.overview.anyToOne(collection, child.field, child.target)!
      : options.overview.relation(collection, child.field)!;
    const sub = deep[key];
    const relation = level.relation(child.target ? child.field : key, link, child, sub);
    if (!relation) continue;
    const paths = sub?.fields ? [...child.paths, ...sub.fields] : child.paths;
    const childPath = path === '' ? key : `${path}.${key}`;
    const node = planRead(options, link.related, paths, {}, sub?.deep ?? {}, depth + 1, link, childPath);
    level.node.relations.push({ ...relation, deep: sub, node, ...(child.unscoped ? { othersNull: true } : {}) });
  }
  return level.node;
}

interface Child {
  field: string;
  paths: FieldRef[];
  explicit: boolean;
  /** `item:circles`: the allowed collection of a many-to-any field the paths read. */
  target?: string;
  /** Added by `item.*` or a wildcard rather than by `item:circles.*` (see RelationNode.othersNull). */
  unscoped?: boolean;
}

/** One collection's level of a read plan while its `fields` are added. */
class PlanLevel {
  readonly node: ReadNode;
  readonly children = new Map<string, Child>();
  private readonly seen = new Set<string>();
  private readonly overview: CollectionOverview;
  private readonly readable: Set<string> | '*';

  constructor(
    private readonly options: PlanOptions,
    private readonly collection: string,
    private readonly parentLink?: RelationLink,
    private readonly path = '',
  ) {
    this.overview = options.overview.collection(collection)!;
    const readable = options.readable(collection);
    if (readable === null) throw collectionForbidden(collection, path);
    this.readable = readable;
    this.node = { collection, columns: [], functions: [], relations: [] };
  }

  private mayRead(field: string): boolean {
    return this.readable === '*' || this.readable.has(field);
  }

  /** A field named that the caller may not read is refused as one that does not exist. */
  private requireReadable(field: string): void {
    if (!this.mayRead(field)) throw new FieldForbiddenError(field, this.collection, this.path);
  }

  private requireExisting(field: string): void {
    if (!this.overview.fields[field]) throw new FieldForbiddenError(field, this.collection, this.path);
    this.requireReadable(field);
  }

  private addChild(
    key: string,
    field: string,
    path: FieldRef | null,
    explicit: boolean,
    target?: string,
    unscoped = false,
  ): void {
    const entry = this.children.get(key) ?? { field, paths: [], explicit, target };
    if (path) entry.paths.push(path);
    entry.explicit ||= explicit;
    entry.unscoped ||= unscoped;
    this.children.set(key, entry);
  }

  private addColumn(key: string, field: string): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.node.columns.push({ key, field });
  }

  /** `?backlink=false`: a relation back to the parent level is left out of wildcards. */
  private isBacklink(link: RelationLink | null): boolean {
    return (
      this.options.backlink === false &&
      this.parentLink !== undefined &&
      link !== null &&
      link.relation === this.parentLink.relation
    );
  }

  add(entry: FieldRef, alias: Record<string, ColumnRef | JsonRef>): void {
    if (entry.kind === 'function') {
      this.addFunction(functionKey(entry), { fn: entry.fn, field: entry.field });
      return;
    }
    if (entry.kind === 'json') {
      this.addJson(entry.key, entry);
      return;
    }
    const head = entry.kind === 'relation' ? entry.field : entry.kind === 'wildcard' ? '*' : entry.name;
    const tail = entry.kind === 'relation' ? entry.rest : null;
    const target = Object.hasOwn(alias, head) ? alias[head] : null;
    // A dotted path through an alias of json() names no relation, so it reads nothing (see addField).
    const name = target ? (target.kind === 'json' ? fieldRefText(target) : target.name) : head;
    if (target?.kind === 'json' && tail === null) this.addJson(head, target);
    else if (head === '*') this.addWildcard(tail);
    else if (parseAnyField(head)) this.addAnyField(head, tail);
    else if (tail && this.options.overview.isAnyToOne(this.collection, name)) {
      // As a dotted path through any relation the caller may not read (see addField).
      if (this.mayRead(name)) this.addAnyItems(name, tail, true);
    } else this.addField(head, name, tail);
  }

  private addFunction(key: string, fn: Omit<ReadNode['functions'][number], 'key'>): void {
    this.requireExisting(fn.field);
    checkFunction(this.options.overview, this.options.readable, this.collection, fn);
    this.node.functions.push({ ...fn, key });
  }

  /**
   * `json(field, path)`; `json(author.profile, path)` is read as `author.json(profile, path)`, so a
   * many-to-any hop (`json(children.item:circles.metadata, color)`) goes where `item:circles.…` goes.
   */
  private addJson(key: string, json: JsonRef): void {
    const [head, ...rest] = json.field.split('.');
    const inner = jsonRef(jsonFunction(rest.join('.'), json.pathText, json.path));
    if (rest.length && isForeignAnyScope(this.options.overview, this.collection, head)) return;
    if (rest.length) this.add({ kind: 'relation', field: head, rest: inner }, {});
    else this.addFunction(key, { fn: 'json', field: json.field, path: json.path });
  }

  /** `item:circles.radius`: the many-to-any key read as an item where the row's key is one of circles. */
  private addAnyField(head: string, tail: FieldRef | null): void {
    const link = readableAnyLink(
      this.options.overview,
      this.options.readable,
      this.collection,
      head,
      (field) => this.requireExisting(field),
      this.path,
    );
    this.requireReadable(link.collectionField!);
    if (tail) this.addChild(head, link.field, tail, true, link.related);
    else this.addColumn(link.field, link.field);
  }

  /**
   * `item.name` or a wildcard on a many-to-any's `item`: the item read from each allowed collection the
   * caller may read; the bare key when there is none or the caller may not read the collection field.
   */
  private addAnyItems(field: string, tail: FieldRef, explicit: boolean): void {
    const links = this.options.overview
      .anyTargets(this.collection, field)
      .filter((link) => this.options.readable(link.related) !== null);
    const collectionReadable = links.length > 0 && this.mayRead(links[0].collectionField!);
    if (explicit && !collectionReadable) throw new FieldForbiddenError(field, this.collection, this.path);
    if (!collectionReadable) this.addColumn(field, field);
    for (const link of collectionReadable ? links : [])
      this.addChild(`${field}:${link.related}`, field, tail, explicit, link.related, true);
  }

  private addWildcard(tail: FieldRef | null): void {
    for (const [name, field] of Object.entries(this.overview.fields)) {
      if (!this.mayRead(name)) continue;
      if (tail && this.options.overview.isAnyToOne(this.collection, name)) {
        this.addAnyItems(name, tail, false);
        continue;
      }
      const link = this.options.overview.relation(this.collection, name);
      if (this.isBacklink(link)) continue;
      if (tail && link && this.options.readable(link.related) !== null) this.addChild(name, name, tail, false);
      else if (link?.type === 'o2m') {
        if (this.options.readable(link.related) !== null) this.addChild(name, name, null, false);
      } else if (field.type !== 'alias') this.addColumn(name, name);
    }
  }

  private addField(key: string, name: string, tail: FieldRef | null): void {
    if (isPrototypeKey(name)) throw new InvalidQueryError(`"${name}" is not a field name`);
    const field = this.overview.fields[name];
    const link = field ? this.options.overview.relation(this.collection, name) : null;
    // The reference follows a dotted path only through a relation and drops the rest (`title.x`,
    // `tags.tag.id` where the junction's field is `tag_id`), so such paths are ignored here too; one
    // through a relation the caller may not read as well, or the answer would tell it is a relation.
    if (tail && (!link || !this.mayRead(name))) return;
    if (!field) throw new FieldForbiddenError(key, this.collection, this.path);
    this.requireReadable(name);
    if (tail || link?.type === 'o2m') this.addChild(key, name, tail, true);
    else if (field.type !== 'alias') this.addColumn(key, name);
  }

  /**
   * The relation a child becomes when it names related fields; keys-only relations (`*` or the bare
   * name of a one-to-many field) are added here, windowed and filtered by their `deep` query all the same,
   * and a many-to-one the caller may not follow stays its key.
   */
  relation(
    key: string,
    link: RelationLink,
    child: Child,
    deep?: DeepQuery,
  ): Pick<RelationNode, 'key' | 'link' | 'keysOnly'> | null {
    if (child.paths.length === 0) {
      const related = this.options.overview.collection(link.related)!;
      const node: ReadNode = {
        collection: link.related,
        columns: [{ key: related.primary, field: related.primary }],
        functions: [],
        relations: [],
      };
      this.node.relations.push({ key, link, keysOnly: true, node, ...(deep ? { deep } : {}) });
      return null;
    }
    if (this.options.readable(link.related) === null) {
      if (child.explicit) throw collectionForbidden(link.related, this.path === '' ? key : `${this.path}.${key}`);
      if (link.type === 'm2o') this.addColumn(key, child.field);
      return null;
    }
    return { key, link, keysOnly: false };
  }
}

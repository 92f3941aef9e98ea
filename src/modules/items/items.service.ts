import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { QueryFailedError } from 'typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { AppError, AppErrorList } from '../../common/errors/app-error';
import { FailedValidationError, FailedValidationExtensions, ForbiddenError, InvalidPayloadError, InvalidQueryError } from '../../common/errors/errors';
import type { DeepQuery, Filter, MetaKey, Query, SortEntry, SortOrder } from '../../common/query/query.types';
import type { AppConfig } from '../../config/app-config';
import type { Dialect } from '../../database/dialects/dialect';
import { insertRows, rowsPerInsert } from '../../database/insert-rows';
import type { ActivityService } from '../activity/activity.service';
import type { CacheService } from '../cache/cache.service';
import type { HashService } from '../hash/hash.service';
import type { PermissionLookup, PermissionRule, PermissionsService } from '../permissions/permissions.service';
import type { SchemaOverview } from '../schema/schema-overview';
import type { SchemaOverviewService } from '../schema/schema-overview.service';
import type { CollectionOverview, FieldOverview } from '../schema/schema.types';
import { compileFilter, functionSql, parseFunction, SqlContext } from './engine/compile-filter';
import { planRead, ReadableFields, ReadNode } from './engine/read-plan';
import { DynamicVariables, resolveVariables, variableFields } from './engine/resolve-variables';
import { validatePayload } from './engine/validate-payload';
import { validateQuery } from './engine/validate-query';
import { fromDb, toDb } from './engine/values';
import { isPlainObject } from '../../common/is-plain-object';
import { isUuid } from '../../common/is-uuid';

export type PrimaryKey = string | number;
export type Item = Record<string, unknown>;

/** The singletons ItemsService needs; ItemsFactory holds them. */
export interface ItemsDeps {
  dataSource: DataSource;
  overviews: SchemaOverviewService;
  dialect: Dialect;
  permissions: PermissionsService;
  activity: ActivityService;
  hasher: HashService;
  cache: CacheService;
  config: AppConfig;
}

/** Reports the failure of the item at `index` of a batch (see ItemsService.createMany). */
export type RowErrorHandler = (index: number, error: unknown) => void;

export interface CreateOptions {
  rowError?: RowErrorHandler;
  /** Creates worked out ahead (see ItemsService.prepareCreates), by item. */
  prepared?: PreparedCreates;
}

/** What creating an item takes before the database is involved, or the error it fails with. */
export type PreparedCreates = Map<unknown, PreparedCreate | { error: unknown }>;

interface PreparedCreate {
  values: Item;
  payload: Item;
  /** The payload as the JSON text of its revision, where revisions are kept. */
  json?: string;
}

/** See ItemsService.payloadPlan. */
interface PayloadPlan {
  mode: 'create' | 'update';
  allowed: Set<string> | null;
  presets: Item | null;
  validation: Filter | null;
  /** Fields with a rule of their own: required, or a validation filter. */
  checked: FieldOverview[];
  /** Fields a payload must not leave empty: `required`, or NOT NULL without a value the database or engine fills. */
  required: Set<FieldOverview>;
  hashed: Set<string>;
  concealed: Set<string>;
  /** Fields the engine fills in: generated keys, creation and update stamps. */
  filled: FieldOverview[];
}

interface PreparedRow extends PreparedCreate {
  index: number;
}

export interface ItemsOptions {
  /** Skip svc_activity/svc_revisions for this service (internal bookkeeping writes). */
  skipActivity?: boolean;
}

const CONCEALED = '**********';
/** Items prepareCreates works through between two looks at pending I/O (about 0.3 ms of work). */
const PREPARE_SLICE = 50;
const CHUNK = 500;
const NUMERIC = new Set(['integer', 'bigInteger', 'float', 'decimal']);

interface ReadState {
  overview: SchemaOverview;
  lookup: PermissionLookup;
  vars: DynamicVariables;
  readable: ReadableFields;
}

interface SelectOptions {
  where: string[];
  sort?: SortEntry[] | 'random';
  limit: number | null;
  offset: number;
}

/** Which `$CURRENT_USER.<field>` variables each cached list of permission rules uses. */
const RULE_VARIABLES = new WeakMap<object, { user: string[]; role: string[] }>();

/** Hashed and concealed values never leave the server in plain text (API.md 11). */
function isSecret(field: FieldOverview): boolean {
  return field.type === 'hash' || field.special.includes('hash') || field.special.includes('conceal');
}

function sameColumns(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((column, i) => column === b[i]);
}

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The items engine for one collection and one caller (ARCHITECTURE: items engine). Plain class made by
 * ItemsFactory.for(). Reads answer plain objects keyed by field; mutations return primary keys, so
 * callers re-read with their own fields and permissions. `acc` null means an internal call: no
 * permission checks and no activity.
 */
export class ItemsService {
  constructor(
    private readonly deps: ItemsDeps,
    readonly collection: string,
    private readonly acc: Accountability | null,
    private readonly manager?: EntityManager,
    private readonly options: ItemsOptions = {},
  ) {}

  private get overview(): SchemaOverview {
    return this.deps.overviews.current;
  }

  /** The collection's overview; unknown collections are FORBIDDEN, like missing items. */
  get schema(): CollectionOverview {
    const collection = this.overview.collection(this.collection);
    if (!collection || !collection.table) throw new ForbiddenError();
    return collection;
  }

  get primaryKey(): string {
    return this.schema.primary;
  }

  private q(identifier: string): string {
    return this.deps.dataSource.driver.escape(identifier);
  }

  private get db(): EntityManager {
    return this.manager ?? this.deps.dataSource.manager;
  }

  /** Permissions and dynamic variables of the caller; `query` is scanned for `$CURRENT_USER.<field>`. */
  private async state(query?: unknown): Promise<ReadState> {
    const lookup = await this.deps.permissions.lookup(this.acc);
    const vars: DynamicVariables = { now: new Date(), user: this.acc?.user ?? null, role: this.acc?.role ?? null };
    const rules = await this.deps.permissions.rules(this.acc);
    let fromRules = RULE_VARIABLES.get(rules);
    if (!fromRules) RULE_VARIABLES.set(rules, (fromRules = variableFields(rules)));
    const fromQuery = variableFields(query);
    const wanted = { user: [...new Set([...fromRules.user, ...fromQuery.user])], role: [...new Set([...fromRules.role, ...fromQuery.role])] };
    if (this.acc?.user && wanted.user.length) vars.userFields = await this.variableRow('svc_users', this.acc.user, wanted.user);
    if (this.acc?.role && wanted.role.length) vars.roleFields = await this.variableRow('svc_roles', this.acc.role, wanted.role);
    const overview = this.overview;
    const readable: ReadableFields = (collection) => {
      const rule = lookup(collection, 'read');
      if (!rule) return null;
      if (!rule.fields || rule.fields.includes('*')) return '*';
      return new Set(rule.fields);
    };
    return { overview, lookup, readable, vars };
  }

  private async variableRow(collection: string, key: string, wanted: string[]): Promise<Item> {
    const fields = this.overview.collection(collection)?.fields ?? {};
    const known = wanted.filter((f) => fields[f] && fields[f].type !== 'alias');
    if (!known.length) return {};
    const [row] = await this.run(`SELECT ${known.map((f) => this.q(f)).join(', ')} FROM ${this.q(collection)} WHERE ${this.q('id')} = :key`, { key });
    return Object.fromEntries(known.map((f) => [f, fromDb(fields[f].type, row?.[f])]));
  }

  private sqlContext(state: ReadState, params: Record<string, unknown>): SqlContext {
    let counter = Object.keys(params).length;
    let aliases = 0;
    return {
      overview: state.overview,
      dialect: this.deps.dialect,
      quote: (id) => this.q(id),
      param: (value) => {
        const name = `p${counter++}`;
        params[name] = value;
        return name;
      },
      alias: () => `r${aliases++}`,
      relatedFilter: (collection) => this.rowFilter(state, collection, 'read'),
    };
  }

  private rowFilter(state: ReadState, collection: string, action: 'read' | 'update' | 'delete'): Filter | null {
    const rule = state.lookup(collection, action);
    return rule?.permissions ? resolveVariables(rule.permissions, state.vars) : null;
  }

  private async run(sql: string, params: Record<string, unknown>, manager = this.db): Promise<Item[]> {
    const [query, bound] = this.deps.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return manager.query(query, bound);
  }

  /**
   * A sort path's value: a column, a many-to-one's related value, or over a one-to-many the smallest
   * related value ascending and the largest descending, the item's first in the reference platform's
   * joined order (`sort=states.name`, `-states.name`).
   */
  private sortSql(ctx: SqlContext, collection: string, alias: string, path: string[], order: SortOrder = 'ASC'): string {
    const [head, ...rest] = path;
    if (!rest.length) return `${this.q(alias)}.${this.q(head)}`;
    const link = ctx.overview.relation(collection, head);
    if (!link) throw new InvalidQueryError(`"${head}" is not a relation`);
    const related = ctx.overview.collection(link.related)!;
    const r = ctx.alias();
    const inner = this.sortSql(ctx, link.related, r, rest, order);
    if (link.type === 'o2m') {
      const primary = ctx.overview.collection(collection)!.primary;
      return `(SELECT ${order === 'ASC' ? 'MIN' : 'MAX'}(${inner}) FROM ${this.q(related.table!)} ${this.q(r)} WHERE ${this.q(r)}.${this.q(link.relatedField)} = ${this.q(alias)}.${this.q(primary)})`;
    }
    return `(SELECT ${inner} FROM ${this.q(related.table!)} ${this.q(r)} WHERE ${this.q(r)}.${this.q(related.primary)} = ${this.q(alias)}.${this.q(head)})`;
  }

  private searchSql(ctx: SqlContext, state: ReadState, collection: string, alias: string, term: string): string {
    const overview = state.overview.collection(collection)!;
    const readable = state.readable(collection);
    const parts: string[] = [];
    for (const field of Object.values(overview.fields)) {
      if (!field.searchable || field.type === 'alias' || field.special.includes('conceal') || field.type === 'hash') continue;
      if (readable !== '*' && !readable?.has(field.field)) continue;
      const column = `${this.q(alias)}.${this.q(field.field)}`;
      if (field.type === 'string' || field.type === 'text') {
        parts.push(this.deps.dialect.ilike(column, ctx.param(this.deps.dialect.likePattern('contains', term, false))));
      } else if (NUMERIC.has(field.type) && term.trim() !== '' && Number.isFinite(Number(term))) {
        if (field.type !== 'integer' || (Number.isInteger(Number(term)) && Math.abs(Number(term)) <= 2147483647)) {
          parts.push(`${column} = :${ctx.param(Number(term))}`);
        }
      } else if (field.type === 'uuid' && isUuid(term)) {
        parts.push(`${column} = :${ctx.param(term.toLowerCase())}`);
      }
    }
    return parts.length ? `(${parts.join(' OR ')})` : '1=0';
  }

  /** The WHERE conditions of a read: permission row filter, user filter, search. */
  private conditions(ctx: SqlContext, state: ReadState, collection: string, alias: string, query: { filter?: Filter; search?: string }, withUserFilter = true): string[] {
    const where: string[] = [];
    const permission = this.rowFilter(state, collection, 'read');
    if (permission) where.push(compileFilter(ctx, collection, alias, permission) || '1=1');
    if (withUserFilter && query.filter) {
      const sql = compileFilter(ctx, collection, alias, resolveVariables(query.filter, state.vars));
      if (sql) where.push(sql);
    }
    if (withUserFilter && query.search) where.push(this.searchSql(ctx, state, collection, alias, query.search));
    return where;
  }

  private async select(state: ReadState, node: ReadNode, build: (ctx: SqlContext) => SelectOptions, extraColumns: string[] = []): Promise<Item[]> {
    const collection = state.overview.collection(node.collection)!;
    const params: Record<string, unknown> = {};
    const ctx = this.sqlContext(state, params);
    const options = build(ctx);
    const fields = new Set<string>([collection.primary, ...extraColumns, ...node.columns.map((c) => c.field)]);
    for (const rel of node.relations) if (rel.link.type === 'm2o') fields.add(rel.link.field);
    const columns = [...fields].map((f) => `${this.q('t')}.${this.q(f)} AS ${this.q(f)}`);
    for (const f of node.functions) columns.push(`${functionSql(ctx, node.collection, 't', f.fn, f.field)} AS ${this.q(f.key)}`);
    let sql = `SELECT ${columns.join(', ')} FROM ${this.q(collection.table!)} ${this.q('t')}`;
    if (options.where.length) sql += ` WHERE ${options.where.join(' AND ')}`;
    if (options.sort === 'random') sql += ` ORDER BY ${this.deps.dialect.randomOrder()}`;
    else {
      const sort = options.sort?.length ? options.sort : [{ field: collection.sortField ?? collection.primary, order: 'ASC' as const }];
      sql += ` ORDER BY ${sort.map((s) => `${this.sortSql(ctx, node.collection, 't', s.field.split('.'), s.order)} ${s.order}`).join(', ')}`;
    }
    sql += this.deps.dialect.limitSql(options.limit, options.offset);
    const rows = await this.run(sql, params);
    return rows.map((row) => {
      const item: Item = {};
      for (const field of fields) item[field] = fromDb(collection.fields[field].type, row[field]);
      for (const f of node.functions) item[f.key] = fromDb('integer', row[f.key]);
      return item;
    });
  }

  /** Loads every relation of `node` for `rows` with one query per relation, then shapes the output. */
  private async resolve(state: ReadState, node: ReadNode, rows: Item[]): Promise<Item[]> {
    const collection = state.overview.collection(node.collection)!;
    const related = new Map<Item, Item>();
    for (const row of rows) related.set(row, {});
    for (const rel of node.relations) {
      const target = state.overview.collection(rel.link.related)!;
      if (rel.link.type === 'm2o') {
        const keys = [...new Set(rows.map((r) => r[rel.link.field]).filter((k) => k !== null && k !== undefined))];
        const byKey = new Map<string, Item>();
        for (const part of chunks(keys)) {
          const found = await this.select(state, rel.node, (ctx) => ({
            where: [`${this.q('t')}.${this.q(target.primary)} IN (:...${ctx.param(part)})`, ...this.conditions(ctx, state, target.collection, 't', {}, false)],
            limit: null,
            offset: 0,
          }));
          const shaped = await this.resolve(state, rel.node, found);
          found.forEach((f, i) => byKey.set(String(f[target.primary]), shaped[i]));
        }
        for (const row of rows) {
          const key = row[rel.link.field];
          related.get(row)![rel.key] = key === null || key === undefined ? null : (byKey.get(String(key)) ?? null);
        }
        continue;
      }
      const keys = [...new Set(rows.map((r) => r[collection.primary]).filter((k) => k !== null && k !== undefined))];
      const groups = new Map<string, Item[]>();
      const deep: DeepQuery = rel.deep ?? {};
      for (const part of chunks(keys)) {
        const found = await this.select(
          state,
          rel.node,
          (ctx) => ({
            where: [
              `${this.q('t')}.${this.q(rel.link.relatedField)} IN (:...${ctx.param(part)})`,
              ...this.conditions(ctx, state, target.collection, 't', { filter: deep.filter, search: deep.search }),
            ],
            sort: deep.sort,
            limit: null,
            offset: 0,
          }),
          [rel.link.relatedField],
        );
        const shaped = rel.keysOnly ? found.map((f) => f[target.primary] as unknown as Item) : await this.resolve(state, rel.node, found);
        found.forEach((f, i) => {
          const group = groups.get(String(f[rel.link.relatedField])) ?? [];
          group.push(shaped[i]);
          groups.set(String(f[rel.link.relatedField]), group);
        });
      }
      const limit = deep.limit ?? -1;
      const offset = deep.offset ?? (deep.page && limit > 0 ? limit * (deep.page - 1) : 0);
      for (const row of rows) {
        const group = groups.get(String(row[collection.primary])) ?? [];
        related.get(row)![rel.key] = group.slice(offset, limit === -1 ? undefined : offset + limit);
      }
    }
    return rows.map((row) => {
      const out: Item = {};
      for (const column of node.columns) {
        const field = collection.fields[column.field];
        const value = row[column.field];
        out[column.key] = value !== null && isSecret(field) ? CONCEALED : value;
      }
      for (const f of node.functions) out[f.key] = row[f.key];
      Object.assign(out, related.get(row));
      return out;
    });
  }

  private window(query: Query): { limit: number | null; offset: number } {
    const limit = query.limit ?? this.deps.config.query.limitDefault;
    const offset = query.offset ?? (query.page && limit > 0 ? limit * (query.page - 1) : 0);
    return { limit: limit === -1 ? null : limit, offset };
  }

  private async prepareRead(query: Query): Promise<{ state: ReadState; node: ReadNode }> {
    const collection = this.schema;
    const state = await this.state(query);
    if (!state.lookup(collection.collection, 'read')) throw new ForbiddenError();
    validateQuery(state.overview, state.readable, collection.collection, query, this.deps.config.query.maxRelationalDepth);
    const node = planRead(
      { overview: state.overview, readable: state.readable, maxDepth: this.deps.config.query.maxRelationalDepth, backlink: query.backlink },
      collection.collection,
      query.fields?.length ? query.fields : ['*'],
      query.alias,
      query.deep,
    );
    return { state, node };
  }

  /** API.md 1.6 on this collection: filter, search, sort, limit/offset/page, fields, deep, aggregate. */
  async readByQuery(query: Query = {}, extraWhere?: (ctx: SqlContext) => string): Promise<Item[]> {
    if (query.aggregate || query.groupBy) return this.aggregate(query);
    const { state, node } = await this.prepareRead(query);
    const rows = await this.select(state, node, (ctx) => ({
      where: [...this.conditions(ctx, state, this.collection, 't', query), ...(extraWhere ? [extraWhere(ctx)] : [])],
      sort: query.sort,
      ...this.window(query),
    }));
    return this.resolve(state, node, rows);
  }

  /**
   * readByQuery resumed after the item with primary key `key`, for a read sorted by the primary key
   * alone: the database seeks to the key instead of counting an offset of rows (keyset paging).
   */
  async readAfter(query: Query, key: PrimaryKey): Promise<Item[]> {
    const pk = this.primaryKey;
    const [only, ...more] = Array.isArray(query.sort) ? query.sort : [];
    if (!only || more.length || only.field !== pk) throw new Error('readAfter needs a read sorted by the primary key alone');
    const compare = only.order === 'DESC' ? '<' : '>';
    return this.readByQuery({ ...query, offset: 0, page: undefined }, (ctx) => `${this.q('t')}.${this.q(pk)} ${compare} :${ctx.param(key)}`);
  }

  async readMany(keys: PrimaryKey[], query: Query = {}): Promise<Item[]> {
    if (!keys.length) return [];
    const pk = this.primaryKey;
    const cast = keys.filter((k) => this.validKey(k)).map((k) => this.castKey(k));
    if (!cast.length) return [];
    const items = await this.readByQuery({ ...query, limit: -1, offset: 0, page: undefined }, (ctx) => `${this.q('t')}.${this.q(pk)} IN (:...${ctx.param(cast)})`);
    if (query.sort?.length || items.some((item) => item[pk] === undefined)) return items;
    // Without a sort of their own, callers (re-reads after a write, SEARCH { keys }) get the order they named.
    const position = new Map(cast.map((k, i) => [String(k), i]));
    return items.sort((a, b) => (position.get(String(a[pk])) ?? 0) - (position.get(String(b[pk])) ?? 0));
  }

  /** FORBIDDEN when the item does not exist or the caller may not read it (API.md 1.5). */
  async readOne(key: PrimaryKey, query: Query = {}): Promise<Item> {
    const pk = this.primaryKey;
    if (!this.validKey(key)) throw new ForbiddenError();
    const [item] = await this.readByQuery({ ...query, limit: 1, offset: 0, page: undefined, sort: undefined }, (ctx) => `${this.q('t')}.${this.q(pk)} = :${ctx.param(this.castKey(key))}`);
    if (!item) throw new ForbiddenError();
    return item;
  }

  /**
   * Refuses up front a query that reading with it would refuse (INVALID_QUERY), so a write that answers
   * with a read-back is not committed behind a 400. FORBIDDEN is left to the read-back (204, API.md 1.1).
   */
  async checkReadQuery(query: Query): Promise<void> {
    if (Object.keys(query).length === 0) return;
    try {
      await this.prepareRead(query);
    } catch (e) {
      if (!(e instanceof ForbiddenError)) throw e;
    }
  }

  /** The singleton's one row, or its default values when it has none yet. */
  async readSingleton(query: Query = {}): Promise<Item> {
    const [item] = await this.readByQuery({ ...query, limit: 1, offset: 0 });
    if (item) return item;
    const { node } = await this.prepareRead(query);
    const fields = this.schema.fields;
    return Object.fromEntries(node.columns.map((c) => [c.key, fields[c.field].schema?.default_value ?? null]));
  }

  /** `meta=total_count,filter_count` (API.md 1.6). */
  async getMeta(query: Query, keys: MetaKey[] = query.meta ?? []): Promise<Partial<Record<MetaKey, number>>> {
    const collection = this.schema;
    const state = await this.state(query);
    if (!state.lookup(collection.collection, 'read')) throw new ForbiddenError();
    const meta: Partial<Record<MetaKey, number>> = {};
    for (const key of keys) {
      const params: Record<string, unknown> = {};
      const ctx = this.sqlContext(state, params);
      const where = this.conditions(ctx, state, collection.collection, 't', query, key === 'filter_count');
      const sql = `SELECT COUNT(*) AS ${this.q('count')} FROM ${this.q(collection.table!)} ${this.q('t')}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
      const [row] = await this.run(sql, params);
      meta[key] = Number(row.count);
    }
    return meta;
  }

  private async aggregate(query: Query): Promise<Item[]> {
    const collection = this.schema;
    const state = await this.state(query);
    if (!state.lookup(collection.collection, 'read')) throw new ForbiddenError();
    validateQuery(state.overview, state.readable, collection.collection, query, this.deps.config.query.maxRelationalDepth);
    const params: Record<string, unknown> = {};
    const ctx = this.sqlContext(state, params);
    const selects: string[] = [];
    const outputs: { fn: string; field: string; alias: string }[] = [];
    const col = (f: string) => `${this.q('t')}.${this.q(f)}`;
    for (const [fn, fields] of Object.entries(query.aggregate ?? {})) {
      for (const field of fields ?? []) {
        const alias = `${fn}__${field === '*' ? 'all' : field}`;
        const expr =
          fn === 'countAll' || (fn === 'count' && field === '*')
            ? 'COUNT(*)'
            : fn === 'count'
              ? `COUNT(${col(field)})`
              : fn.endsWith('Distinct')
                ? `${fn.replace('Distinct', '').toUpperCase()}(DISTINCT ${col(field)})`
                : `${fn.toUpperCase()}(${col(field)})`;
        selects.push(`${expr} AS ${this.q(alias)}`);
        outputs.push({ fn, field, alias });
      }
    }
    // A group is a field or a function of one (`year(date)`), answered under the key reads use (`date_year`).
    const groups = (query.groupBy ?? []).map((entry) => {
      const fn = parseFunction(entry);
      return fn
        ? { key: `${fn.field}_${fn.fn}`, sql: functionSql(ctx, collection.collection, 't', fn.fn, fn.field), type: 'integer' as const }
        : { key: entry, sql: col(entry), type: collection.fields[entry].type };
    });
    for (const g of groups) selects.push(`${g.sql} AS ${this.q(g.key)}`);
    if (!selects.length) throw new InvalidQueryError('"groupBy" needs "aggregate" or fields to group on');
    const where = this.conditions(ctx, state, collection.collection, 't', query);
    let sql = `SELECT ${selects.join(', ')} FROM ${this.q(collection.table!)} ${this.q('t')}`;
    if (where.length) sql += ` WHERE ${where.join(' AND ')}`;
    if (groups.length) sql += ` GROUP BY ${groups.map((g) => g.sql).join(', ')}`;
    if (Array.isArray(query.sort) && query.sort.length) {
      const order = query.sort.map((s) => {
        const [head, field] = s.field.split('.');
        const out = outputs.find((o) => o.fn === head && o.field === field);
        return `${out ? this.q(out.alias) : col(s.field)} ${s.order}`;
      });
      sql += ` ORDER BY ${order.join(', ')}`;
    }
    if (groups.length) {
      const { limit, offset } = this.window(query);
      sql += this.deps.dialect.limitSql(limit, offset);
    }
    const rows = await this.run(sql, params);
    return rows.map((row) => {
      const item: Item = {};
      for (const g of groups) item[g.key] = fromDb(g.type, row[g.key]);
      for (const o of outputs) {
        const raw = row[o.alias];
        const value = raw === null || raw === undefined ? null : Number(raw);
        if (o.field === '*' || o.fn === 'countAll') item[o.fn] = value;
        else item[o.fn] = { ...((item[o.fn] as Item) ?? {}), [o.field]: value };
      }
      return item;
    });
  }

  private validKey(key: unknown): boolean {
    const field = this.schema.fields[this.primaryKey];
    // Keys come from bodies too: an object or array is no key (and may not even convert to a string).
    if ((typeof key !== 'string' && typeof key !== 'number') || key === '') return false;
    // A key the column cannot hold matches no row; PostgreSQL would refuse the comparison outright.
    if (field.type === 'integer') return Number.isInteger(Number(key)) && Math.abs(Number(key)) <= 2147483647;
    if (field.type === 'bigInteger') return Number.isSafeInteger(Number(key));
    if (NUMERIC.has(field.type)) return Number.isFinite(Number(key));
    if (field.type === 'uuid') return isUuid(key);
    return true;
  }

  private castKey(key: PrimaryKey): PrimaryKey {
    const field = this.schema.fields[this.primaryKey];
    return NUMERIC.has(field.type) ? Number(key) : field.type === 'uuid' ? String(key).toLowerCase() : String(key);
  }

  private async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (this.manager?.queryRunner?.isTransactionActive) return work(this.manager);
    if (this.manager) return this.manager.transaction(work);
    return this.deps.dataSource.transaction(work);
  }

  private permission(state: ReadState, action: 'create' | 'update' | 'delete'): PermissionRule {
    const rule = state.lookup(this.collection, action);
    if (!rule) throw new ForbiddenError();
    return rule;
  }

  /** What preparePayload needs of the caller's rule and the collection, worked out once per write rather than per item. */
  private payloadPlan(state: ReadState, rule: PermissionRule, mode: 'create' | 'update'): PayloadPlan {
    const fields = Object.values(this.schema.fields);
    const has = (field: FieldOverview, ...specials: string[]) => specials.some((s) => field.special.includes(s));
    const filled =
      mode === 'create'
        ? (field: FieldOverview) =>
            (field.primaryKey && (has(field, 'uuid') || (field.type === 'uuid' && !field.hasDefault))) ||
            has(field, 'date-created', 'date-updated', 'user-created', 'user-updated')
        : (field: FieldOverview) => has(field, 'date-updated', 'user-updated');
    return {
      mode,
      allowed: rule.fields && !rule.fields.includes('*') ? new Set(rule.fields) : null,
      presets: mode === 'create' && rule.presets ? (resolveVariables(rule.presets as Filter, state.vars) as Item) : null,
      validation: rule.validation ? resolveVariables(rule.validation, state.vars) : null,
      checked: fields.filter((field) => field.required || field.validation || this.notNullWithoutDefault(field, filled)),
      required: new Set(fields.filter((field) => field.required || this.notNullWithoutDefault(field, filled))),
      hashed: new Set(fields.filter((field) => field.type === 'hash' || has(field, 'hash')).map((field) => field.field)),
      concealed: new Set(fields.filter((field) => has(field, 'conceal')).map((field) => field.field)),
      filled: fields.filter(filled),
    };
  }

  /** Field allow-list, presets, validation rules and value types (API.md 1.5 FAILED_VALIDATION / INVALID_PAYLOAD). */
  private async preparePayload(plan: PayloadPlan, data: unknown): Promise<{ values: Item; payload: Item }> {
    if (!isPlainObject(data)) throw new InvalidPayloadError('An item must be an object');
    const { mode } = plan;
    const collection = this.schema;
    // As the reference: a key outside a restricted allow-list is forbidden, even an unknown one; otherwise
    // keys that are not fields, aliases without a relation to write, and the primary key of an update
    // (clients send back whole items) are ignored.
    const given: Item = {};
    for (const [key, value] of Object.entries(data)) {
      if (plan.allowed && !plan.allowed.has(key)) throw new ForbiddenError();
      const field = collection.fields[key];
      if (!field || (mode === 'update' && field.primaryKey)) continue;
      if (field.type === 'alias' && this.overview.relation(this.collection, key)?.type !== 'o2m') continue;
      given[key] = value;
    }
    const payload: Item = plan.presets ? { ...plan.presets, ...given } : given;
    // Arrays only for items that fail: imports check millions that do not.
    let errors: AppError[] | null = null;
    if (plan.validation) {
      const failed = validatePayload(payload, plan.validation, mode === 'update');
      if (failed.length) errors = failed;
    }
    for (const field of plan.checked) {
      const failed = this.fieldRules(field, payload, mode, plan.required.has(field));
      if (failed.length) (errors ??= []).push(...failed);
    }
    if (errors?.length === 1) throw errors[0];
    if (errors) throw new AppErrorList(errors);

    const values: Item = {};
    for (const key of Object.keys(payload)) {
      const field = collection.fields[key];
      if (!field || field.type === 'alias') continue;
      const value = payload[key];
      if (plan.hashed.has(key)) {
        values[key] = typeof value === 'string' ? await this.deps.hasher.hash(value) : value;
        // Revisions keep what was stored: never a password in plain text.
        payload[key] = values[key];
      } else {
        values[key] = value;
        if (plan.concealed.has(key) && value !== null) payload[key] = CONCEALED;
      }
    }
    if (plan.filled.length) {
      const now = new Date();
      for (const field of plan.filled) {
        const special = field.special;
        if (mode === 'create') {
          if (field.primaryKey && values[field.field] === undefined && (special.includes('uuid') || (field.type === 'uuid' && !field.hasDefault))) values[field.field] = randomUUID();
          if (special.includes('date-created') || special.includes('date-updated')) values[field.field] ??= now.toISOString();
          if (special.includes('user-created') || special.includes('user-updated')) values[field.field] ??= this.acc?.user ?? null;
        } else {
          if (special.includes('date-updated')) values[field.field] = now.toISOString();
          if (special.includes('user-updated')) values[field.field] = this.acc?.user ?? null;
        }
      }
    }
    for (const key of Object.keys(values)) values[key] = toDb(collection.fields[key], values[key], this.deps.dialect);
    return { values, payload };
  }

  /**
   * As the reference platform: a NOT NULL column the database cannot fill is required, so a payload
   * without it fails FAILED_VALIDATION naming the field rather than the database's NOT NULL.
   */
  private notNullWithoutDefault(field: FieldOverview, filled: (field: FieldOverview) => boolean): boolean {
    return !field.nullable && !field.hasDefault && field.type !== 'alias' && !filled(field);
  }

  private fieldRules(field: FieldOverview, payload: Item, mode: 'create' | 'update', required: boolean) {
    const errors = [];
    const present = field.field in payload;
    const value = payload[field.field];
    if (required && ((mode === 'create' && (value === undefined || value === null)) || (present && value === null))) {
      errors.push(...validatePayload(payload, { [field.field]: { _nnull: true } }, false).map((e) => Object.assign(e, { extensions: { ...e.extensions, type: 'required' } })));
    }
    if (field.validation && present) {
      const failed = validatePayload(payload, field.validation as Filter, true);
      const message = field.meta?.validation_message;
      // The field's own message, when it has one, is what the user is shown (API.md 11 meta).
      errors.push(...(message ? failed.map((e) => new FailedValidationError(e.extensions as FailedValidationExtensions, message)) : failed));
    }
    return errors;
  }

  private related(collection: string, manager: EntityManager): ItemsService {
    return new ItemsService(this.deps, collection, this.acc, manager, this.options);
  }

  /**
   * Nested many-to-one objects are written first (created, or updated when they carry an existing key)
   * and replaced by their keys.
   */
  private async writeManyToOne(manager: EntityManager, data: unknown): Promise<Item> {
    if (!isPlainObject(data)) throw new InvalidPayloadError('An item must be an object');
    const out: Item = { ...data };
    for (const [key, value] of Object.entries(data)) {
      const link = this.overview.relation(this.collection, key);
      if (link?.type !== 'm2o' || !isPlainObject(value)) continue;
      const service = this.related(link.related, manager);
      const pk = service.primaryKey;
      const { [pk]: relatedKey, ...rest } = value;
      if (relatedKey !== undefined && relatedKey !== null && (await service.exists(manager, relatedKey as PrimaryKey))) {
        if (Object.keys(rest).length) await service.updateOne(relatedKey as PrimaryKey, rest);
        out[key] = relatedKey;
      } else {
        out[key] = await service.createOne(value);
      }
    }
    return out;
  }

  private async exists(manager: EntityManager, key: PrimaryKey): Promise<boolean> {
    if (!this.validKey(key)) return false;
    const [row] = await this.run(`SELECT COUNT(*) AS ${this.q('count')} FROM ${this.q(this.schema.table!)} WHERE ${this.q(this.primaryKey)} = :key`, { key: this.castKey(key) }, manager);
    return Number(row.count) > 0;
  }

  /**
   * One-to-many values after the parent row exists: an array is the complete new set (keys or objects;
   * related rows left out are deselected), `{ create, update, delete }` changes only what it names.
   */
  private async writeOneToMany(manager: EntityManager, parent: PrimaryKey, data: Item, mode: 'create' | 'update'): Promise<void> {
    for (const [key, value] of Object.entries(data)) {
      const link = this.overview.relation(this.collection, key);
      if (link?.type !== 'o2m' || value === undefined) continue;
      const service = this.related(link.related, manager);
      const pk = service.primaryKey;
      const fk = link.relatedField;
      const deselect = async (keys: PrimaryKey[]) => {
        if (!keys.length) return;
        if (link.relation.meta?.one_deselect_action === 'delete') await service.deleteMany(keys);
        else await service.updateMany(keys, { [fk]: null });
      };
      const upsert = async (entry: unknown): Promise<PrimaryKey> => {
        if (!isPlainObject(entry)) {
          await service.updateOne(entry as PrimaryKey, { [fk]: parent });
          return entry as PrimaryKey;
        }
        const { [pk]: relatedKey, ...rest } = entry;
        if (relatedKey !== undefined && relatedKey !== null && (await service.exists(manager, relatedKey as PrimaryKey))) {
          await service.updateOne(relatedKey as PrimaryKey, { ...rest, [fk]: parent });
          return relatedKey as PrimaryKey;
        }
        return service.createOne({ ...entry, [fk]: parent });
      };
      if (Array.isArray(value)) {
        const kept = new Set<string>();
        for (const entry of value) kept.add(String(await upsert(entry)));
        if (mode === 'update') {
          const current = await service.run(`SELECT ${this.q(pk)} AS ${this.q(pk)} FROM ${this.q(service.schema.table!)} WHERE ${this.q(fk)} = :parent`, { parent }, manager);
          await deselect(current.map((r) => r[pk] as PrimaryKey).filter((k) => !kept.has(String(k))));
        }
      } else if (isPlainObject(value)) {
        const list = (name: string): unknown[] => {
          const entries = value[name] ?? [];
          if (!Array.isArray(entries)) throw new InvalidPayloadError(`"${key}.${name}" must be an array`);
          return entries;
        };
        for (const entry of list('create')) {
          if (!isPlainObject(entry)) throw new InvalidPayloadError(`"${key}.create" must hold objects`);
          await service.createOne({ ...entry, [fk]: parent });
        }
        for (const entry of list('update')) await upsert(entry);
        await deselect(list('delete') as PrimaryKey[]);
      } else if (value !== null) {
        throw new InvalidPayloadError(`Field "${key}" expects an array or { create, update, delete }`);
      }
    }
  }

  private async insert(manager: EntityManager, values: Item): Promise<PrimaryKey> {
    const collection = this.schema;
    const keys = Object.keys(values);
    const params: Record<string, unknown> = {};
    keys.forEach((k, i) => (params[`v${i}`] = values[k]));
    let sql = keys.length
      ? `INSERT INTO ${this.q(collection.table!)} (${keys.map((k) => this.q(k)).join(', ')}) VALUES (${keys.map((_, i) => `:v${i}`).join(', ')})`
      : this.deps.dialect.insertDefaultsSql(this.q(collection.table!));
    if (this.deps.dialect.returning) sql += ` RETURNING ${this.q(collection.primary)}`;
    const [query, bound] = this.deps.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    const raw: unknown = await manager.query(query, bound);
    const explicit = values[collection.primary];
    if (explicit !== undefined && explicit !== null) {
      const sync = collection.fields[collection.primary].autoIncrement ? this.deps.dialect.syncAutoIncrementSql(this.q(collection.table!), collection.primary) : null;
      if (sync) await manager.query(sync);
      return explicit as PrimaryKey;
    }
    const id = this.deps.dialect.insertedId(raw) ?? (raw as Item[])[0]?.[collection.primary];
    return fromDb(collection.fields[collection.primary].type, id) as PrimaryKey;
  }

  private tracking(): 'all' | 'activity' | null {
    if (!this.acc || this.options.skipActivity) return null;
    return this.schema.accountability;
  }

  /** After a committed write: drop cached reads, and reload permissions everywhere when they changed. */
  private async afterWrite(): Promise<void> {
    await this.deps.cache.invalidateCollection(this.collection);
    if (this.collection === 'svc_permissions' || this.collection === 'svc_roles') await this.deps.permissions.changed();
  }

  async createOne(data: Item): Promise<PrimaryKey> {
    const [key] = await this.createMany([data]);
    return key;
  }

  /**
   * Creates the items in order. Runs of rows with plain values only (no nested relational objects) that
   * share their columns are written with multi-row INSERTs and one bulk activity record; other rows go
   * one by one. With `rowError`, a row that fails is reported by its index and left out of the answer
   * instead of failing the call (the import collects such errors); throwing from it ends the call.
   */
  async createMany(data: Item[], options: CreateOptions = {}): Promise<PrimaryKey[]> {
    if (!Array.isArray(data)) throw new InvalidPayloadError('Expected an array of items');
    this.checkBatch(data.length);
    const state = await this.state();
    const plan = this.payloadPlan(state, this.permission(state, 'create'), 'create');
    const keys = await this.transaction((manager) => this.createRows(manager, plan, data, options.rowError, options.prepared));
    await this.afterWrite();
    return keys;
  }

  /**
   * The field rules, presets and database forms of each item as a create, worked out before writing:
   * an import prepares its next batch while the database writes the last. A later createMany or
   * upsertMany of the same item objects, given the answer as `prepared`, uses it (once) for the items it
   * creates and reports an item's error at the same point as it would have found it. Items with nested
   * relational writes are left out (they are prepared after their related rows are written), as are
   * all items when the caller may not create (the write then fails as it would have).
   */
  async prepareCreates(items: unknown[]): Promise<PreparedCreates> {
    const prepared: PreparedCreates = new Map();
    let plan: PayloadPlan;
    try {
      const state = await this.state();
      plan = this.payloadPlan(state, this.permission(state, 'create'), 'create');
    } catch {
      return prepared;
    }
    const nested = this.nestedWriteFields();
    const revisions = this.tracking() === 'all';
    let count = 0;
    for (const item of items) {
      // Prepared alongside a write, it lets the write go on as soon as the database answers.
      if (++count % PREPARE_SLICE === 0) await yieldToIo();
      if (this.hasNestedWrites(nested, item) || prepared.has(item)) continue;
      try {
        const { values, payload } = await this.preparePayload(plan, item);
        prepared.set(item, { values, payload, json: revisions ? JSON.stringify(payload) : undefined });
      } catch (error) {
        prepared.set(item, { error });
      }
    }
    return prepared;
  }

  private async createRows(manager: EntityManager, plan: PayloadPlan, data: Item[], rowError?: RowErrorHandler, prepared?: PreparedCreates): Promise<PrimaryKey[]> {
    const created: PrimaryKey[] = [];
    const tracking = this.tracking();
    const revision = (payload: Item, json?: string) => (tracking === 'all' ? { data: payload, delta: payload, json } : undefined);
    const nested = this.nestedWriteFields();
    let run: PreparedRow[] = [];
    let runColumns: string[] = [];
    const flush = async () => {
      if (!run.length) return;
      const rows = run;
      run = [];
      const keys = await this.insertRun(manager, rows, rowError);
      created.push(...keys);
      if (tracking) {
        await this.deps.activity.recordMany(
          manager,
          rows.map((row, i) => ({ action: 'create' as const, collection: this.collection, item: keys[i], acc: this.acc, revision: revision(row.payload, row.json) })),
        );
      }
    };
    for (let index = 0; index < data.length; index++) {
      const item = data[index];
      try {
        if (!this.hasNestedWrites(nested, item)) {
          const ready = prepared?.get(item);
          // Once only: the same object given twice is two creates (two generated keys, for one).
          prepared?.delete(item);
          if (ready && 'error' in ready) throw ready.error;
          const { values, payload, json }: PreparedCreate = ready ?? (await this.preparePayload(plan, item));
          if (this.bulkInsertable(values)) {
            const columns = Object.keys(values);
            if (!sameColumns(columns, runColumns)) await flush();
            runColumns = columns;
            run.push({ index, values, payload, json });
            continue;
          }
          await flush();
          const key = await this.insert(manager, values);
          created.push(key);
          if (tracking) await this.deps.activity.record(manager, { action: 'create', collection: this.collection, item: key, acc: this.acc, revision: revision(payload) });
          continue;
        }
        await flush();
        const plain = await this.writeManyToOne(manager, item);
        const { values, payload } = await this.preparePayload(plan, plain);
        const key = await this.insert(manager, values);
        created.push(key);
        await this.writeOneToMany(manager, key, plain, 'create');
        if (tracking) await this.deps.activity.record(manager, { action: 'create', collection: this.collection, item: key, acc: this.acc, revision: revision(payload) });
      } catch (e) {
        if (!rowError) throw e;
        rowError(index, e);
      }
    }
    await flush();
    return created;
  }

  /** The relational fields of the collection: many-to-one and one-to-many. */
  private nestedWriteFields(): { m2o: string[]; o2m: string[] } {
    const out = { m2o: [] as string[], o2m: [] as string[] };
    for (const key of Object.keys(this.schema.fields)) {
      const type = this.overview.relation(this.collection, key)?.type;
      if (type === 'm2o' || type === 'o2m') out[type].push(key);
    }
    return out;
  }

  /** Nested many-to-one objects or one-to-many values: written through the related collections, row by row. */
  private hasNestedWrites(fields: { m2o: string[]; o2m: string[] }, item: unknown): boolean {
    if (!isPlainObject(item)) return false;
    return fields.m2o.some((key) => isPlainObject(item[key])) || fields.o2m.some((key) => item[key] !== undefined);
  }

  /** Rows whose key is given, or left to an auto-increment column, can share an INSERT and still name their keys. */
  private bulkInsertable(values: Item): boolean {
    const field = this.schema.fields[this.primaryKey];
    const key = values[field.field];
    if (!Object.keys(values).length) return false;
    return key === undefined ? field.autoIncrement : key !== null;
  }

  /**
   * One run of rows with the same columns, in multi-row INSERTs. When rows are reported one by one, a
   * failing INSERT is undone to a savepoint and replayed row by row, so the error names its row.
   */
  private async insertRun(manager: EntityManager, rows: PreparedRow[], rowError?: RowErrorHandler): Promise<PrimaryKey[]> {
    if (rows.length === 1) return [await this.insert(manager, rows[0].values)];
    if (!rowError) return this.insertMany(manager, rows);
    const dialect = this.deps.dialect;
    // One statement that fails has undone itself where the vendor rolls back statements; otherwise (or
    // when earlier statements of the run succeeded) a savepoint undoes the run.
    const savepoint = !dialect.statementRollback || rows.length > rowsPerInsert(dialect.maxParameters, Object.keys(rows[0].values).length);
    if (savepoint) await manager.query('SAVEPOINT vellum_bulk_insert');
    try {
      const keys = await this.insertMany(manager, rows);
      if (savepoint) await manager.query('RELEASE SAVEPOINT vellum_bulk_insert');
      return keys;
    } catch (e) {
      if (!(e instanceof QueryFailedError)) throw e;
      if (savepoint) await manager.query('ROLLBACK TO SAVEPOINT vellum_bulk_insert');
      const keys: PrimaryKey[] = [];
      for (const row of rows) {
        try {
          keys.push(await this.insert(manager, row.values));
        } catch (failed) {
          rowError(row.index, failed);
          throw failed;
        }
      }
      return keys;
    }
  }

  private async insertMany(manager: EntityManager, rows: PreparedRow[]): Promise<PrimaryKey[]> {
    const collection = this.schema;
    const pk = collection.primary;
    const columns = Object.keys(rows[0].values);
    const explicit = columns.includes(pk);
    const generated = await insertRows(manager, this.deps.dialect, collection.table!, columns, rows.map((row) => columns.map((c) => row.values[c])), explicit ? null : pk);
    if (!explicit) return generated.map((id) => fromDb(collection.fields[pk].type, id) as PrimaryKey);
    const sync = collection.fields[pk].autoIncrement ? this.deps.dialect.syncAutoIncrementSql(this.q(collection.table!), pk) : null;
    if (sync) await manager.query(sync);
    return rows.map((row) => row.values[pk] as PrimaryKey);
  }

  private checkBatch(count: number): void {
    const max = this.deps.config.query.maxBatchMutation;
    if (max !== undefined && count > max) throw new InvalidPayloadError(`At most ${max} items can be changed at once`);
  }

  /** FORBIDDEN unless every key exists and passes the caller's row filter for the action. */
  private async checkKeys(state: ReadState, manager: EntityManager, keys: PrimaryKey[], action: 'update' | 'delete'): Promise<PrimaryKey[]> {
    const unique = [...new Set(keys.map((k) => (this.validKey(k) ? this.castKey(k) : null)))];
    if (unique.some((k) => k === null)) throw new ForbiddenError();
    const collection = this.schema;
    const rule = state.lookup(this.collection, action);
    const filter = rule?.permissions ? resolveVariables(rule.permissions, state.vars) : null;
    let found = 0;
    for (const part of chunks(unique as PrimaryKey[])) {
      const params: Record<string, unknown> = {};
      const ctx = this.sqlContext(state, params);
      const where = [`${this.q('t')}.${this.q(collection.primary)} IN (:...${ctx.param(part)})`];
      if (filter) where.push(compileFilter(ctx, this.collection, 't', filter) || '1=1');
      const [row] = await this.run(`SELECT COUNT(*) AS ${this.q('count')} FROM ${this.q(collection.table!)} ${this.q('t')} WHERE ${where.join(' AND ')}`, params, manager);
      found += Number(row.count);
    }
    if (found !== unique.length) throw new ForbiddenError();
    return unique as PrimaryKey[];
  }

  async updateOne(key: PrimaryKey, data: Item): Promise<PrimaryKey> {
    await this.updateMany([key], data);
    return key;
  }

  async updateMany(keys: PrimaryKey[], data: Item): Promise<PrimaryKey[]> {
    if (!Array.isArray(keys)) throw new InvalidPayloadError('"keys" must be an array');
    this.checkBatch(keys.length);
    const state = await this.state();
    const rule = this.permission(state, 'update');
    const collection = this.schema;
    const result = await this.transaction(async (manager) => {
      const checked = await this.checkKeys(state, manager, keys, 'update');
      const plain = await this.writeManyToOne(manager, data);
      const { values, payload } = await this.preparePayload(this.payloadPlan(state, rule, 'update'), plain);
      const columns = Object.keys(values);
      if (columns.length && checked.length) {
        const params: Record<string, unknown> = {};
        columns.forEach((c, i) => (params[`v${i}`] = values[c]));
        for (const part of chunks(checked)) {
          params.keys = part;
          await this.run(
            `UPDATE ${this.q(collection.table!)} SET ${columns.map((c, i) => `${this.q(c)} = :v${i}`).join(', ')} WHERE ${this.q(collection.primary)} IN (:...keys)`,
            params,
            manager,
          );
        }
      }
      for (const key of checked) await this.writeOneToMany(manager, key, plain, 'update');
      const tracking = this.tracking();
      if (tracking) {
        const after = tracking === 'all' ? await this.rawRows(manager, checked) : new Map<string, Item>();
        for (const key of checked) {
          await this.deps.activity.record(manager, {
            action: 'update',
            collection: this.collection,
            item: key,
            acc: this.acc,
            revision: tracking === 'all' ? { data: after.get(String(key)) ?? null, delta: payload } : undefined,
          });
        }
      }
      return checked;
    });
    await this.afterWrite();
    return result;
  }

  /** The stored rows (all plain fields, API forms) for revisions. */
  private async rawRows(manager: EntityManager, keys: PrimaryKey[]): Promise<Map<string, Item>> {
    const collection = this.schema;
    const out = new Map<string, Item>();
    const fields = Object.values(collection.fields).filter((f) => f.type !== 'alias');
    for (const part of chunks(keys)) {
      const rows = await this.run(
        `SELECT ${fields.map((f) => this.q(f.field)).join(', ')} FROM ${this.q(collection.table!)} WHERE ${this.q(collection.primary)} IN (:...keys)`,
        { keys: part },
        manager,
      );
      for (const row of rows) {
        const item: Item = {};
        for (const f of fields) {
          const value = fromDb(f.type, row[f.field]);
          // Concealed secrets (TFA secrets, tokens) stay out of revisions; hashes are safe to keep.
          item[f.field] = value !== null && f.special.includes('conceal') && !f.special.includes('hash') ? CONCEALED : value;
        }
        out.set(String(item[collection.primary]), item);
      }
    }
    return out;
  }

  /** Each object carries its own primary key (API.md 1.7 array form). */
  async updateBatch(items: Item[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(items)) throw new InvalidPayloadError('Expected an array of items');
    const pk = this.primaryKey;
    const keys: PrimaryKey[] = [];
    await this.transaction(async (manager) => {
      const service = new ItemsService(this.deps, this.collection, this.acc, manager, this.options);
      for (const item of items) {
        if (!isPlainObject(item) || item[pk] === undefined || item[pk] === null) throw new InvalidPayloadError(`Each item needs its primary key "${pk}"`);
        const { [pk]: key, ...data } = item;
        keys.push(await service.updateOne(key as PrimaryKey, data));
      }
    });
    return keys;
  }

  async updateByQuery(query: Query, data: Item): Promise<PrimaryKey[]> {
    const keys = await this.keysByQuery(query);
    return keys.length ? this.updateMany(keys, data) : [];
  }

  /** Import semantics (API.md 2.2): update when the item carries an existing primary key, create otherwise. */
  async upsertOne(item: Item): Promise<PrimaryKey> {
    if (!isPlainObject(item)) throw new InvalidPayloadError('An item must be an object');
    const pk = this.primaryKey;
    const key = item[pk] as PrimaryKey | undefined | null;
    return this.transaction(async (manager) => {
      const service = new ItemsService(this.deps, this.collection, this.acc, manager, this.options);
      if (key !== undefined && key !== null && (await service.exists(manager, key))) {
        const { [pk]: _key, ...data } = item;
        return service.updateOne(key, data);
      }
      return service.createOne(item);
    });
  }

  /**
   * `upsertOne` for each item, in order, with the items to create written together (see createMany);
   * an item naming the key of an earlier one updates what that one created. `rowError` as in createMany.
   */
  async upsertMany(items: Item[], options: CreateOptions = {}): Promise<PrimaryKey[]> {
    if (!Array.isArray(items)) throw new InvalidPayloadError('Expected an array of items');
    const { keys, created } = await this.transaction((manager) =>
      new ItemsService(this.deps, this.collection, this.acc, manager, this.options).upsertRows(manager, items, options.rowError, options.prepared),
    );
    if (created) await this.afterWrite();
    return keys;
  }

  private async upsertRows(manager: EntityManager, items: Item[], rowError?: RowErrorHandler, prepared?: PreparedCreates): Promise<{ keys: PrimaryKey[]; created: boolean }> {
    const pk = this.primaryKey;
    const keyOf = (item: Item): string | null => (isPlainObject(item) && this.validKey(item[pk]) ? String(this.castKey(item[pk] as PrimaryKey)) : null);
    const existing = await this.existingKeys(manager, items.map(keyOf).filter((k) => k !== null));
    const out: PrimaryKey[] = [];
    let creates: { index: number; item: Item }[] = [];
    const pending = new Set<string>();
    let plan: PayloadPlan | null = null;
    const create = async () => {
      if (!creates.length) return;
      const rows = creates;
      creates = [];
      pending.clear();
      if (!plan) {
        const state = await this.state();
        plan = this.payloadPlan(state, this.permission(state, 'create'), 'create');
      }
      const keys = await this.createRows(manager, plan, rows.map((r) => r.item), rowError && ((i, e) => rowError(rows[i].index, e)), prepared);
      for (const key of keys) existing.add(String(this.castKey(key)));
      out.push(...keys);
    };
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      const key = keyOf(item);
      if (key !== null && pending.has(key)) await create();
      if (key !== null && existing.has(key)) {
        await create();
        const { [pk]: raw, ...data } = item;
        try {
          out.push(await this.updateOne(raw as PrimaryKey, data));
        } catch (e) {
          if (!rowError) throw e;
          rowError(index, e);
        }
        continue;
      }
      creates.push({ index, item });
      if (key !== null) pending.add(key);
    }
    await create();
    return { keys: out, created: plan !== null };
  }

  /** Which of `keys` (cast) name stored rows, found with one query per chunk. */
  private async existingKeys(manager: EntityManager, keys: string[]): Promise<Set<string>> {
    const collection = this.schema;
    const type = collection.fields[collection.primary].type;
    const out = new Set<string>();
    for (const part of chunks([...new Set(keys)])) {
      const rows = await this.run(
        `SELECT ${this.q(collection.primary)} AS ${this.q('key')} FROM ${this.q(collection.table!)} WHERE ${this.q(collection.primary)} IN (:...keys)`,
        { keys: part },
        manager,
      );
      for (const row of rows) out.add(String(this.castKey(fromDb(type, row.key) as PrimaryKey)));
    }
    return out;
  }

  /** Creates the singleton's row on first write, updates it afterwards. */
  async upsertSingleton(data: Item): Promise<PrimaryKey> {
    const pk = this.primaryKey;
    const [row] = await this.run(`SELECT ${this.q(pk)} AS ${this.q(pk)} FROM ${this.q(this.schema.table!)}${this.deps.dialect.limitSql(1, 0)}`, {});
    return row ? this.updateOne(row[pk] as PrimaryKey, data) : this.createOne(data);
  }

  private async keysByQuery(query: Query): Promise<PrimaryKey[]> {
    if (!isPlainObject(query)) throw new InvalidPayloadError('"query" must be an object');
    const pk = this.primaryKey;
    const items = await this.readByQuery({ ...query, fields: [pk], aggregate: undefined, groupBy: undefined, deep: undefined });
    return items.map((i) => i[pk] as PrimaryKey);
  }

  async deleteOne(key: PrimaryKey): Promise<PrimaryKey> {
    await this.deleteMany([key]);
    return key;
  }

  async deleteMany(keys: PrimaryKey[]): Promise<PrimaryKey[]> {
    if (!Array.isArray(keys)) throw new InvalidPayloadError('"keys" must be an array');
    this.checkBatch(keys.length);
    const state = await this.state();
    this.permission(state, 'delete');
    const collection = this.schema;
    const result = await this.transaction(async (manager) => {
      const checked = await this.checkKeys(state, manager, keys, 'delete');
      for (const part of chunks(checked)) {
        await this.run(`DELETE FROM ${this.q(collection.table!)} WHERE ${this.q(collection.primary)} IN (:...keys)`, { keys: part }, manager);
      }
      if (this.tracking()) {
        for (const key of checked) await this.deps.activity.record(manager, { action: 'delete', collection: this.collection, item: key, acc: this.acc });
      }
      return checked;
    });
    await this.afterWrite();
    return result;
  }

  async deleteByQuery(query: Query): Promise<PrimaryKey[]> {
    const keys = await this.keysByQuery(query);
    return keys.length ? this.deleteMany(keys) : [];
  }
}

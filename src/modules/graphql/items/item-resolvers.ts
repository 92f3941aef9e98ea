import {
  GraphQLFieldConfigMap,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLResolveInfo,
} from 'graphql';
import type { Accountability } from '../../../common/accountability';
import { ForbiddenError } from '../../../common/errors/errors';
import { parseQuery } from '../../../common/query/parse-query';
import type { LimitOptions } from '../../../common/query/parse-limit';
import type { Query } from '../../../common/query/query.types';
import type { ItemsFactory } from '../../items/items.factory';
import type { Item, ItemsService, PrimaryKey } from '../../items/items.service';
import type { ItemVersionReader } from '../../items/item-version-reader';
import type { ItemsContext } from '../graphql-context';
import { aggregatedResolver } from './aggregated-query';
import { restFilter } from './function-types';
import { listArgs, type CollectionTypes } from './item-types';
import { selectionToQuery } from './selection-query';

export interface ItemResolverDeps {
  /** Where a collection's items service comes from: the items factory, or a module's own (versions). */
  items: Pick<ItemsFactory, 'for'>;
  limits: LimitOptions;
  versions?: ItemVersionReader;
}

type Args = Record<string, unknown>;
type Fields = GraphQLFieldConfigMap<unknown, ItemsContext>;

const QUERY_ARGS = ['filter', 'sort', 'limit', 'offset', 'page', 'search'];
const DeleteOne = new GraphQLObjectType({
  name: 'delete_one',
  fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
});
const DeleteMany = new GraphQLObjectType({
  name: 'delete_many',
  fields: { ids: { type: new GraphQLNonNull(new GraphQLList(GraphQLID)) } },
});

/** Input objects come from graphql-js without prototype quirks, but with absent members set to undefined. */
const plain = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** The REST query the arguments and the selection of a field (or `set`) amount to, parsed by the same parser as REST. */
export function queryOf(
  deps: ItemResolverDeps,
  types: CollectionTypes,
  args: Args,
  info: GraphQLResolveInfo,
  set = info.fieldNodes[0].selectionSet,
): Query {
  const raw: Args = selectionToQuery(types.object, set, info);
  if ((raw.fields as string[]).length === 0) raw.fields = [types.collection.primary];
  for (const key of QUERY_ARGS) {
    if (args[key] !== undefined && args[key] !== null)
      raw[key] = key === 'filter' ? restFilter(plain(args[key]), types.filter) : plain(args[key]);
  }
  return parseQuery(raw, deps.limits);
}

/** Queries of one collection: the list (or the singleton), by key, by version, aggregated. */
export function itemQueries(deps: ItemResolverDeps, types: CollectionTypes): Fields {
  const name = types.collection.collection;
  const service = (acc: Accountability) => deps.items.for(name, acc);
  const byKey = {
    type: types.object,
    args: { id: { type: new GraphQLNonNull(GraphQLID) }, version: { type: GraphQLString } },
  };
  const readOne = (args: Args) => (s: ItemsService, q: Query) =>
    args.id === undefined ? s.readSingleton(q) : s.readOne(args.id as string, q);
  const readVersioned = (args: Args, ctx: ItemsContext, info: GraphQLResolveInfo) =>
    oneAtATime(ctx, () =>
      readThroughVersion(deps, name, args, ctx.acc, queryOf(deps, types, args, info), readOne(args)),
    );
  const version = { type: new GraphQLNonNull(GraphQLString) };
  if (types.collection.singleton) {
    return {
      [name]: {
        type: types.object,
        resolve: (_s, args: Args, ctx, info) => service(ctx.acc).readSingleton(queryOf(deps, types, args, info)),
      },
      [`${name}_by_version`]: {
        type: types.object,
        args: { version },
        resolve: (_s, args: Args, ctx, info) => readVersioned(args, ctx, info),
      },
    };
  }
  return {
    [name]: {
      type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.object))),
      args: listArgs(types.filter),
      resolve: (_s, args: Args, ctx, info) => service(ctx.acc).readByQuery(queryOf(deps, types, args, info)),
    },
    [`${name}_by_id`]: { ...byKey, resolve: (_s, args: Args, ctx, info) => readVersioned(args, ctx, info) },
    [`${name}_by_version`]: {
      type: types.object,
      args: { id: { type: new GraphQLNonNull(GraphQLID) }, version },
      resolve: (_s, args: Args, ctx, info) => readVersioned(args, ctx, info),
    },
    [`${name}_aggregated`]: aggregatedResolver(deps, types),
  };
}

const versionReads = new WeakMap<ItemsContext, Promise<unknown>>();

/**
 * Root query fields run concurrently; a version read holds a transaction, and two of them at once
 * wait on each other where the pool has one connection (SQLite). A request's version reads queue.
 */
function oneAtATime<T>(ctx: ItemsContext, run: () => Promise<T>): Promise<T> {
  const next = (versionReads.get(ctx) ?? Promise.resolve()).catch(() => undefined).then(run);
  versionReads.set(ctx, next);
  return next;
}

/** `version` reads through the same hook as REST's `?version=` (API.md 5.7). */
async function readThroughVersion(
  deps: ItemResolverDeps,
  collection: string,
  args: Args,
  acc: Accountability,
  query: Query,
  read: (service: ItemsService, query: Query) => Promise<Item>,
): Promise<Item> {
  const version = args.version as string | undefined;
  if (!version || !deps.versions) return read(deps.items.for(collection, acc), query);
  const versioned = { ...query, version };
  const result = await deps.versions.read(
    collection,
    args.id as string | undefined,
    versioned,
    acc,
    async (q, manager) => ({
      data: await read(deps.items.for(collection, acc, manager), q),
    }),
  );
  return result.data;
}

/**
 * Runs a write and answers the written items read back with the selection, which is checked before
 * anything is written; null (or no items) when the caller may not read them, as REST answers 204.
 */
async function written(
  service: ItemsService,
  query: Query,
  write: () => Promise<PrimaryKey | PrimaryKey[]>,
): Promise<Item | Item[] | null> {
  await service.checkReadQuery(query);
  const keys = await write();
  try {
    return Array.isArray(keys) ? await service.readMany(keys, query) : await service.readOne(keys, query);
  } catch (e) {
    if (e instanceof ForbiddenError) return Array.isArray(keys) ? [] : null;
    throw e;
  }
}

/** create/update/delete mutations of one collection, single and batch, named as the reference platform names them. */
export function itemMutations(deps: ItemResolverDeps, types: CollectionTypes): Fields {
  const name = types.collection.collection;
  const run =
    (write: (s: ItemsService, args: Args) => Promise<PrimaryKey | PrimaryKey[]>) =>
    (_s: unknown, args: Args, ctx: ItemsContext, info: GraphQLResolveInfo) => {
      const items = deps.items.for(name, ctx.acc);
      return written(items, queryOf(deps, types, args, info), () => write(items, args));
    };
  const list = new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.object)));
  const id = { type: new GraphQLNonNull(GraphQLID) };
  const ids = { type: new GraphQLNonNull(new GraphQLList(GraphQLID)) };
  const one = (input: GraphQLInputObjectType) => ({ type: new GraphQLNonNull(input) });
  const many = (input: GraphQLInputObjectType) => ({ type: new GraphQLList(new GraphQLNonNull(input)) });
  const data = (a: Args) => plain(a.data as Item);
  const dataList = (a: Args) => plain((a.data as Item[] | undefined) ?? []);
  if (types.collection.singleton) {
    return {
      [`update_${name}`]: {
        type: types.object,
        args: { data: one(types.update) },
        resolve: run((s, a) => s.upsertSingleton(data(a))),
      },
    };
  }
  const query = listArgs(types.filter);
  return {
    [`create_${name}_items`]: {
      type: list,
      args: { ...query, data: many(types.create) },
      resolve: run((s, a) => s.createMany(dataList(a))),
    },
    [`create_${name}_item`]: {
      type: types.object,
      args: { data: one(types.create) },
      resolve: run((s, a) => s.createOne(data(a))),
    },
    [`update_${name}_items`]: {
      type: list,
      args: { ...query, ids, data: one(types.update) },
      resolve: run((s, a) => s.updateMany(a.ids as PrimaryKey[], data(a))),
    },
    [`update_${name}_batch`]: {
      type: list,
      args: { ...query, data: many(types.update) },
      resolve: run((s, a) => s.updateBatch(dataList(a))),
    },
    [`update_${name}_item`]: {
      type: types.object,
      args: { id, data: one(types.update) },
      resolve: run((s, a) => s.updateOne(a.id as string, data(a))),
    },
    ...itemDeletions(deps, name),
  };
}

/** delete mutations of one collection: they answer the deleted keys, not the items. */
function itemDeletions(deps: ItemResolverDeps, name: string): Fields {
  const service = (ctx: ItemsContext) => deps.items.for(name, ctx.acc);
  return {
    [`delete_${name}_items`]: {
      type: DeleteMany,
      args: { ids: { type: new GraphQLNonNull(new GraphQLList(GraphQLID)) } },
      resolve: async (_s, a: Args, ctx) => ({ ids: await service(ctx).deleteMany(a.ids as PrimaryKey[]) }),
    },
    [`delete_${name}_item`]: {
      type: DeleteOne,
      args: { id: { type: new GraphQLNonNull(GraphQLID) } },
      resolve: async (_s, a: Args, ctx) => ({ id: await service(ctx).deleteOne(a.id as string) }),
    },
  };
}

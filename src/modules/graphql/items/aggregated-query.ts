import { GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLFieldConfig, type GraphQLResolveInfo } from 'graphql';
import { parseQuery } from '../../../common/query/parse-query';
import type { Item } from '../../items/items.service';
import type { ItemsContext } from '../graphql-context';
import type { ItemResolverDeps } from './item-resolvers';
import { listArgs, type CollectionTypes } from './item-types';
import { restFilter } from './function-types';
import { fieldNodes } from './selection-query';

const FUNCTIONS = new Set(['count', 'countDistinct', 'avg', 'sum', 'avgDistinct', 'sumDistinct', 'min', 'max']);
const QUERY_ARGS = ['filter', 'sort', 'limit', 'offset', 'page', 'search', 'groupBy'];

/** The REST `aggregate` a selection of `<collection>_aggregated` asks for: `count { id }` → `{ count: ['id'] }`. */
function aggregateOf(info: GraphQLResolveInfo): Record<string, string[]> {
  const aggregate: Record<string, string[]> = {};
  for (const node of fieldNodes(info.fieldNodes[0].selectionSet, info.fragments)) {
    const fn = node.name.value;
    if (fn === 'countAll') aggregate.countAll = ['*'];
    if (!FUNCTIONS.has(fn)) continue;
    const fields = fieldNodes(node.selectionSet, info.fragments)
      .map((f) => f.name.value)
      .filter((f) => f !== '__typename');
    aggregate[fn] = [...new Set([...(aggregate[fn] ?? []), ...fields])];
  }
  // `group` alone still needs one aggregate for the engine to group by.
  if (Object.keys(aggregate).length === 0) aggregate.countAll = ['*'];
  return aggregate;
}

/**
 * `<collection>_aggregated(groupBy, filter, ...)`: one aggregate read of the items engine, each row
 * answered with its group values under `group` as the reference platform does.
 */
export function aggregatedResolver(
  deps: ItemResolverDeps,
  types: CollectionTypes,
): GraphQLFieldConfig<unknown, ItemsContext, Record<string, unknown>> {
  return {
    type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(types.aggregated))),
    args: { groupBy: { type: new GraphQLList(GraphQLString) }, ...listArgs(types.filter) },
    resolve: async (_source, args, ctx, info) => {
      const aggregate = aggregateOf(info);
      const raw: Record<string, unknown> = { aggregate };
      for (const key of QUERY_ARGS)
        if (args[key] !== undefined && args[key] !== null)
          raw[key] = key === 'filter' ? restFilter(JSON.parse(JSON.stringify(args[key])), types.filter) : args[key];
      const rows = await deps.items.for(types.collection.collection, ctx.acc).readByQuery(parseQuery(raw, deps.limits));
      return rows.map((row: Item) => {
        const group = Object.fromEntries(Object.entries(row).filter(([key]) => !(key in aggregate)));
        return { ...row, group: args.groupBy ? group : null };
      });
    },
  };
}

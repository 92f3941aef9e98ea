import { Inject, Injectable, Optional } from '@nestjs/common';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ItemsFactory } from '../../items/items.factory';
import { SchemaOverviewService } from '../../schema/schema-overview.service';
import { ITEM_VERSION_READER, ItemVersionReader } from '../../versions/item-version-reader';
import { itemMutations, itemQueries, type ItemResolverDeps } from './item-resolvers';
import { buildItemTypes } from './item-types';

/**
 * The schema of POST /graphql: queries and mutations for every user collection, generated from the
 * schema overview and rebuilt, on first use, whenever the overview changes. Resolvers call the items
 * engine's public methods, so REST and GraphQL share one query implementation and its permission rules.
 */
@Injectable()
export class ItemsSchema {
  private built: { version: number; schema: GraphQLSchema } | null = null;
  private readonly deps: ItemResolverDeps;

  constructor(
    private readonly overviews: SchemaOverviewService,
    items: ItemsFactory,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(ITEM_VERSION_READER) versions?: ItemVersionReader,
  ) {
    this.deps = { items, limits: config.query, versions };
  }

  get schema(): GraphQLSchema {
    const overview = this.overviews.current;
    if (this.built?.version !== overview.version) this.built = { version: overview.version, schema: this.build() };
    return this.built.schema;
  }

  private build(): GraphQLSchema {
    const types = buildItemTypes(this.overviews.current);
    const queries = {};
    const mutations = {};
    for (const collection of types.values()) {
      Object.assign(queries, itemQueries(this.deps, collection));
      Object.assign(mutations, itemMutations(this.deps, collection));
    }
    return new GraphQLSchema({
      // GraphQL requires a Query type with a field, even before any collection exists.
      query: new GraphQLObjectType({ name: 'Query', fields: Object.keys(queries).length > 0 ? queries : { _empty: { type: GraphQLString } } }),
      mutation: Object.keys(mutations).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutations }) : undefined,
    });
  }
}

import { Inject, Injectable, Optional } from '@nestjs/common';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import type { Accountability } from '../../../common/accountability';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { ItemsFactory } from '../../items/items.factory';
import { Permission, PermissionAction, PermissionsService } from '../../permissions/permissions.service';
import { SchemaOverviewService } from '../../schema/schema-overview.service';
import { RealtimeBusService } from '../../realtime/realtime-bus.service';
import { ITEM_VERSION_READER, ItemVersionReader } from '../../items/item-version-reader';
import { itemMutations, itemQueries, type ItemResolverDeps } from './item-resolvers';
import { itemSubscriptions } from './item-subscriptions';
import { buildItemTypes, type ReadableFields } from './item-types';

interface Scope {
  readable: ReadableFields;
  can: (collection: string, action: PermissionAction) => boolean;
}

const EVERYTHING: Scope = { readable: () => null, can: () => true };

/** What a role's permission rows let it see and do, in the terms the schema is built from. */
function scopeOf(rules: Permission[]): Scope {
  const rule = (collection: string, action: PermissionAction) =>
    rules.find((r) => r.collection === collection && r.action === action);
  return {
    readable: (collection) => {
      const read = rule(collection, 'read');
      if (!read) return false;
      return !read.fields || read.fields.includes('*') ? null : new Set(read.fields);
    },
    can: (collection, action) => rule(collection, action) !== undefined,
  };
}

/**
 * The schema of /graphql: queries, mutations and (over WebSocket) subscriptions for the user collections the caller may use,
 * generated from the schema overview and their permissions, rebuilt on first use after either changes.
 * Resolvers call the items engine's public methods, so REST and GraphQL share one query
 * implementation, and rows and fields are checked by the same rules.
 */
@Injectable()
export class ItemsSchema {
  private admin: { version: number; schema: GraphQLSchema } | null = null;
  /** Keyed by the permission service's cached rows of a role: a change of permissions makes new rows. */
  private readonly byRules = new WeakMap<Permission[], { version: number; schema: GraphQLSchema }>();
  private readonly deps: ItemResolverDeps;

  constructor(
    private readonly overviews: SchemaOverviewService,
    private readonly permissions: PermissionsService,
    items: ItemsFactory,
    private readonly bus: RealtimeBusService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(ITEM_VERSION_READER) versions?: ItemVersionReader,
  ) {
    this.deps = { items, limits: config.query, versions };
  }

  async schemaFor(acc: Accountability | null): Promise<GraphQLSchema> {
    const version = this.overviews.current.version;
    if (!acc || acc.admin) {
      if (this.admin?.version !== version) this.admin = { version, schema: this.build(EVERYTHING) };
      return this.admin.schema;
    }
    const rules = await this.permissions.rules(acc);
    let built = this.byRules.get(rules);
    if (built?.version !== version) {
      built = { version, schema: this.build(scopeOf(rules)) };
      this.byRules.set(rules, built);
    }
    return built.schema;
  }

  private build(scope: Scope): GraphQLSchema {
    const types = buildItemTypes(this.overviews.current, scope.readable);
    const queries = {};
    const mutations = {};
    const subscriptions = {};
    for (const collection of types.values()) {
      const name = collection.collection.collection;
      Object.assign(queries, itemQueries(this.deps, collection));
      Object.assign(subscriptions, itemSubscriptions(this.deps, this.bus, collection));
      // `create_…`, `update_…`, `delete_…`: offered only with the matching permission.
      const allowed = Object.entries(itemMutations(this.deps, collection)).filter(([key]) =>
        scope.can(name, key.split('_')[0] as PermissionAction),
      );
      Object.assign(mutations, Object.fromEntries(allowed));
    }
    return new GraphQLSchema({
      // GraphQL requires a Query type with a field, even when the caller may read no collection.
      query: new GraphQLObjectType({
        name: 'Query',
        fields: Object.keys(queries).length > 0 ? queries : { _empty: { type: GraphQLString } },
      }),
      mutation:
        Object.keys(mutations).length > 0 ? new GraphQLObjectType({ name: 'Mutation', fields: mutations }) : undefined,
      subscription:
        Object.keys(subscriptions).length > 0
          ? new GraphQLObjectType({ name: 'Subscription', fields: subscriptions })
          : undefined,
    });
  }
}

import { Injectable, OnModuleInit, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLFieldConfigMap, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AuthHttp } from '../auth/auth-http';
import { AuthService } from '../auth/auth.service';
import type { EntityManager } from 'typeorm';
import type { Accountability } from '../../common/accountability';
import { ItemsFactory } from '../items/items.factory';
import { VERSIONS } from '../versions/version-items.service';
import { VersionsService } from '../versions/versions.service';
import { SchemaOverviewService } from '../schema/schema-overview.service';
import { SchemaReads } from '../schema-routes/schema-reads';
import { PasswordResetService } from '../auth/password-reset.service';
import { AccessGrantsService } from '../permissions/access-grants.service';
import { TfaService } from '../users/tfa.service';
import { UsersService } from '../users/users.service';
import { RevertService } from '../utils/revert.service';
import { SortService } from '../utils/sort.service';
import { UtilsService } from '../utils/utils.service';
import type { GraphqlContext } from './graphql-context';
import type { ItemResolverDeps } from './items/item-resolvers';
import { authMutations } from './resolvers/auth.resolvers';
import { policiesQueries } from './resolvers/policies.resolvers';
import { schemaQueries } from './resolvers/schema.resolvers';
import { systemItemFields, type UpdateSelf } from './resolvers/system-items.resolvers';
import { usersMutations } from './resolvers/users.resolvers';
import { utilsMutations } from './resolvers/utils.resolvers';
import { GraphQLJSON } from './items/item-scalars';
import { ServerService } from '../server/server.service';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/**
 * The `system` schema of POST /graphql/system: one resolver map per module, merged. Services are
 * looked up across the whole application, so a module adds its queries or mutations with one line here.
 * The system collections' item queries are typed from the schema overview, so the schema is built again
 * on first use after the overview changes (a field added to svc_users, say).
 */
@Injectable()
export class SystemSchema implements OnModuleInit {
  private built: { version: number; schema: GraphQLSchema } | null = null;
  private queries: Fields;
  private mutations: Fields;
  private overviews: SchemaOverviewService;
  private itemDeps: ItemResolverDeps;
  /** Collections whose items come from a service of their own (the versions' checks and delta mapping). */
  private ownServices: Record<string, ItemResolverDeps['items']>;
  private updateSelf: UpdateSelf;

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Resolvers made once every module's providers exist, whatever order Nest created them in. */
  onModuleInit(): void {
    const get = <T>(service: Type<T> | symbol): T => this.moduleRef.get(service, { strict: false });
    this.overviews = get(SchemaOverviewService);
    this.itemDeps = { items: get(ItemsFactory), limits: get<AppConfig>(APP_CONFIG).query };
    const versions = get(VersionsService);
    this.ownServices = {
      [VERSIONS]: {
        for: (_collection: string, acc: Accountability | null, manager?: EntityManager) => versions.for(acc, manager),
      },
    };
    const users = get(UsersService);
    this.updateSelf = (acc, body) => users.updateSelfWith(acc, body);
    const server = get(ServerService);
    this.queries = {
      server_ping: { type: GraphQLString, resolve: () => 'pong' },
      // As GET /server/health: the status for everyone, the checks for administrators.
      server_health: { type: GraphQLJSON, resolve: (_root, _args, ctx: GraphqlContext) => server.health(ctx.acc) },
      ...schemaQueries(get(SchemaReads)),
      ...policiesQueries(get(AccessGrantsService)),
    };
    this.mutations = {
      ...authMutations(get(AuthService), get(AuthHttp), get(PasswordResetService)),
      ...usersMutations(get(TfaService), users),
      ...utilsMutations({ utils: get(UtilsService), sort: get(SortService), reverter: get(RevertService) }),
    };
  }

  get schema(): GraphQLSchema {
    const overview = this.overviews.current;
    if (this.built?.version !== overview.version) {
      const items = systemItemFields(this.itemDeps, overview, this.ownServices, this.updateSelf);
      const query = new GraphQLObjectType({ name: 'Query', fields: { ...this.queries, ...items.queries } });
      const mutation = new GraphQLObjectType({ name: 'Mutation', fields: { ...this.mutations, ...items.mutations } });
      this.built = { version: overview.version, schema: new GraphQLSchema({ query, mutation }) };
    }
    return this.built.schema;
  }
}

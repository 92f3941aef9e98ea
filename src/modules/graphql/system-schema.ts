import { Injectable, OnModuleInit, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { AuthHttp } from '../auth/auth-http';
import { AuthService } from '../auth/auth.service';
import { SchemaReads } from '../schema/schema-reads';
import { PasswordResetService } from '../auth/password-reset.service';
import { TfaService } from '../users/tfa.service';
import { SortService } from '../utils/sort.service';
import { UtilsService } from '../utils/utils.service';
import { authMutations } from './resolvers/auth.resolvers';
import { schemaQueries } from './resolvers/schema.resolvers';
import { usersMutations } from './resolvers/users.resolvers';
import { utilsMutations } from './resolvers/utils.resolvers';

/**
 * The `system` schema of POST /graphql/system: one resolver map per module, merged. Services are
 * looked up across the whole application, so a module adds its queries or mutations with one line here.
 */
@Injectable()
export class SystemSchema implements OnModuleInit {
  schema: GraphQLSchema;

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Built once every module's providers exist, whatever order Nest created them in. */
  onModuleInit(): void {
    const get = <T>(service: Type<T>): T => this.moduleRef.get(service, { strict: false });
    this.schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: { server_ping: { type: GraphQLString, resolve: () => 'pong' }, ...schemaQueries(get(SchemaReads)) },
      }),
      mutation: new GraphQLObjectType({
        name: 'Mutation',
        fields: {
          ...authMutations(get(AuthService), get(AuthHttp), get(PasswordResetService)),
          ...usersMutations(get(TfaService)),
          ...utilsMutations({ utils: get(UtilsService), sort: get(SortService) }),
        },
      }),
    });
  }
}

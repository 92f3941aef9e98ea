import { GraphQLBoolean, GraphQLFieldConfigMap, GraphQLObjectType } from 'graphql';
import type { AccessGrantsService } from '../../permissions/access-grants.service';
import type { GraphqlContext } from '../graphql-context';

const GlobalsType = new GraphQLObjectType({
  name: 'policy_me_globals_type',
  fields: {
    enforce_tfa: { type: GraphQLBoolean },
    app_access: { type: GraphQLBoolean },
    admin_access: { type: GraphQLBoolean },
  },
});

/** `policies_me_globals`, as `GET /policies/me/globals`: no app access for a caller signed in as no one. */
export function policiesQueries(grants: AccessGrantsService): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    policies_me_globals: {
      type: GlobalsType,
      resolve: (_root, _args, ctx) =>
        (!ctx.acc.user && !ctx.acc.role) || ctx.acc.share ? { app_access: false } : grants.globals(ctx.acc),
    },
  };
}

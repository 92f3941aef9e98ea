import { GraphQLBoolean, GraphQLFieldConfigMap, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import { InvalidCredentialsError } from '../../../common/errors/errors';
import type { TfaService } from '../../users/tfa.service';
import type { GraphqlContext } from '../graphql-context';

const TfaSecretType = new GraphQLObjectType({
  name: 'users_me_tfa_generate_data',
  fields: { secret: { type: GraphQLString }, otpauth_url: { type: GraphQLString } },
});

function me(ctx: GraphqlContext): string {
  if (!ctx.acc.user) throw new InvalidCredentialsError();
  return ctx.acc.user;
}

/** API.md 7: the caller's two-factor setup, as POST /users/me/tfa/*. */
export function usersMutations(tfa: TfaService): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    users_me_tfa_generate: {
      type: TfaSecretType,
      args: { password: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_root, args: { password: string }, ctx) => tfa.generate(me(ctx), args.password),
    },
    users_me_tfa_enable: {
      type: GraphQLBoolean,
      args: { otp: { type: new GraphQLNonNull(GraphQLString) }, secret: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_root, args: { otp: string; secret: string }, ctx) => {
        await tfa.enable(me(ctx), args.secret, args.otp);
        return true;
      },
    },
    users_me_tfa_disable: {
      type: GraphQLBoolean,
      args: { otp: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: async (_root, args: { otp: string }, ctx) => {
        await tfa.disable(me(ctx), args.otp);
        return true;
      },
    },
  };
}

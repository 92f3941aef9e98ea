import { GraphQLBoolean, GraphQLFieldConfigMap, GraphQLNonNull, GraphQLObjectType, GraphQLString } from 'graphql';
import { ForbiddenError, InvalidCredentialsError, InvalidPayloadError } from '../../../common/errors/errors';
import { isUuid } from '../../../common/is-uuid';
import type { TfaService } from '../../users/tfa.service';
import type { UsersService } from '../../users/users.service';
import type { GraphqlContext } from '../graphql-context';

const TfaSecretType = new GraphQLObjectType({
  name: 'users_me_tfa_generate_data',
  fields: { secret: { type: GraphQLString }, otpauth_url: { type: GraphQLString } },
});

function me(ctx: GraphqlContext): string {
  if (!ctx.acc.user) throw new InvalidCredentialsError();
  return ctx.acc.user;
}

const text = { type: new GraphQLNonNull(GraphQLString) };

/** API.md 7: invites as POST /users/invite (admins only) and /users/invite/accept (anyone holding the mailed token). */
function inviteMutations(users: UsersService): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    users_invite: {
      type: GraphQLBoolean,
      args: { email: text, role: text, invite_url: { type: GraphQLString } },
      resolve: async (_root, args: { email: string; role: string; invite_url?: string | null }, ctx) => {
        if (!ctx.acc.admin) throw new ForbiddenError();
        if (!isUuid(args.role)) throw new InvalidPayloadError('"role" must be a role\'s id');
        await users.invite([args.email], args.role, args.invite_url, ctx.acc.ip);
        return true;
      },
    },
    users_invite_accept: {
      type: GraphQLBoolean,
      extensions: { hashing: true },
      args: { token: text, password: text },
      resolve: async (_root, args: { token: string; password: string }) => {
        await users.acceptInvite(args.token, args.password);
        return true;
      },
    },
  };
}

/** API.md 7: the caller's two-factor setup, as POST /users/me/tfa/*, and invites. */
export function usersMutations(tfa: TfaService, users: UsersService): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    ...inviteMutations(users),
    users_me_tfa_generate: {
      type: TfaSecretType,
      extensions: { hashing: true },
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

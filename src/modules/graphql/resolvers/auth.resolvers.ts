import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFieldConfigMap,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';
import { requestContext } from '../../../common/guards/request-accountability';
import type { AuthHttp } from '../../auth/auth-http';
import type { AuthMode, AuthService } from '../../auth/auth.service';
import type { PasswordResetService } from '../../auth/password-reset.service';
import type { GraphqlContext } from '../graphql-context';
import { GraphQLBigInt } from '../scalars';

const AuthModeType = new GraphQLEnumType({
  name: 'auth_mode',
  values: { json: { value: 'json' }, cookie: { value: 'cookie' }, session: { value: 'session' } },
});

const AuthTokensType = new GraphQLObjectType({
  name: 'auth_tokens',
  fields: {
    access_token: { type: GraphQLString },
    expires: { type: GraphQLBigInt },
    refresh_token: { type: GraphQLString },
  },
});

/** The token body in GraphQL shape: members a mode does not show are null. */
function tokens(body: { expires: number; access_token?: string; refresh_token?: string }) {
  return { expires: body.expires, access_token: body.access_token ?? null, refresh_token: body.refresh_token ?? null };
}

/** API.md 7: auth_* mutations, the same services and mode rules as /auth/*, but refresh defaults to json. */
export function authMutations(
  auth: AuthService,
  http: AuthHttp,
  passwordReset: PasswordResetService,
): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return { ...sessionMutations(auth, http), ...passwordMutations(passwordReset) };
}

/** Signing in and out, and refreshing the tokens of a session. */
function sessionMutations(auth: AuthService, http: AuthHttp): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    auth_login: {
      type: AuthTokensType,
      extensions: { hashing: true },
      args: {
        email: { type: new GraphQLNonNull(GraphQLString) },
        password: { type: new GraphQLNonNull(GraphQLString) },
        mode: { type: AuthModeType },
        otp: { type: GraphQLString },
      },
      resolve: async (
        _root,
        args: { email: string; password: string; mode?: AuthMode | null; otp?: string | null },
        ctx,
      ) => {
        const issued = await auth.login(args, requestContext(ctx.req));
        return tokens(http.respond(ctx.res, issued));
      },
    },
    auth_refresh: {
      type: AuthTokensType,
      args: { refresh_token: { type: GraphQLString }, mode: { type: AuthModeType } },
      resolve: async (_root, args: { refresh_token?: string | null; mode?: AuthMode | null }, ctx) => {
        const mode = args.mode ?? 'json';
        const issued = await auth.refresh(
          mode,
          http.presentedToken(ctx.req, mode, args.refresh_token),
          requestContext(ctx.req),
        );
        return tokens(http.respond(ctx.res, issued));
      },
    },
    auth_logout: {
      type: GraphQLBoolean,
      args: { refresh_token: { type: GraphQLString }, mode: { type: AuthModeType } },
      resolve: async (_root, args: { refresh_token?: string | null; mode?: AuthMode | null }, ctx) => {
        const mode = args.mode ?? 'json';
        await auth.logout(http.presentedToken(ctx.req, mode, args.refresh_token), requestContext(ctx.req));
        http.clearCookies(ctx.req, ctx.res);
        return true;
      },
    },
  };
}

/** Asking for a password reset mail, then resetting the password with its token. */
function passwordMutations(passwordReset: PasswordResetService): GraphQLFieldConfigMap<unknown, GraphqlContext> {
  return {
    auth_password_request: {
      type: GraphQLBoolean,
      args: { email: { type: new GraphQLNonNull(GraphQLString) }, reset_url: { type: GraphQLString } },
      resolve: async (_root, args: { email: string; reset_url?: string | null }, ctx) => {
        await passwordReset.request(args.email, args.reset_url, requestContext(ctx.req).ip);
        return true;
      },
    },
    auth_password_reset: {
      type: GraphQLBoolean,
      extensions: { hashing: true },
      args: {
        token: { type: new GraphQLNonNull(GraphQLString) },
        password: { type: new GraphQLNonNull(GraphQLString) },
      },
      resolve: async (_root, args: { token: string; password: string }) => {
        await passwordReset.reset(args.token, args.password);
        return true;
      },
    },
  };
}

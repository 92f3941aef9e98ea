import type { Accountability } from '../../../common/accountability';
import { GraphQLFieldConfig, GraphQLFieldConfigMap, GraphQLID, GraphQLNonNull } from 'graphql';
import { ForbiddenError, InvalidCredentialsError } from '../../../common/errors/errors';
import type { SchemaOverview } from '../../schema/schema-overview';
import { PLAIN_WRITE_SYSTEM_COLLECTIONS } from '../../schema/system-schema';
import { readOwnUser } from '../../users/lib/read-own-user';
import type { GraphqlContext } from '../graphql-context';
import { itemMutations, itemQueries, queryOf, type ItemResolverDeps } from '../items/item-resolvers';
import { buildItemTypes, type CollectionTypes } from '../items/item-types';

/**
 * The system collections /graphql/system reads, by the name of their REST path (API.md 11: `users`,
 * `users_by_id`, `users_aggregated`, ...), with whether only admins may use them, or only write them
 * (`adminWrites`: roles, which app access reads), as their REST routes.
 * Each is read through the items engine with the caller's permissions, as REST does: secrets come back
 * concealed, rows and fields the caller may not read are refused. Those written as plain items
 * (PLAIN_WRITE_SYSTEM_COLLECTIONS) and those with a service of their own (`ownServices`) get mutations too
 * (`create_roles_item`, ...).
 */
const SYSTEM_ITEMS: Record<string, { collection: string; adminOnly?: boolean; adminWrites?: boolean }> = {
  users: { collection: 'svc_users' },
  roles: { collection: 'svc_roles', adminWrites: true },
  permissions: { collection: 'svc_permissions', adminOnly: true },
  policies: { collection: 'svc_policies', adminOnly: true },
  // The access rows: a role's or user's `policies`, a policy's `roles` and `users` (and nested inputs) need their type.
  access: { collection: 'svc_access', adminOnly: true },
  files: { collection: 'svc_files' },
  folders: { collection: 'svc_folders' },
  activity: { collection: 'svc_activity' },
  revisions: { collection: 'svc_revisions' },
  presets: { collection: 'svc_presets' },
  notifications: { collection: 'svc_notifications' },
  comments: { collection: 'svc_comments' },
  shares: { collection: 'svc_shares' },
  dashboards: { collection: 'svc_dashboards' },
  panels: { collection: 'svc_panels' },
  translations: { collection: 'svc_translations' },
  versions: { collection: 'svc_versions' },
};

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

type Field = GraphQLFieldConfig<unknown, GraphqlContext>;

function adminOnly(field: Field): Field {
  const resolve = field.resolve!;
  return {
    ...field,
    resolve: (source, args, ctx, info) => {
      if (!ctx.acc.admin) throw new ForbiddenError();
      return resolve(source, args, ctx, info);
    },
  };
}

const onlyForAdmins = (fields: Record<string, Field>): Fields =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, adminOnly(field)]));

/** `<path>`, `<path>_by_id` and `<path>_aggregated` of one system collection. */
function queriesOf(deps: ItemResolverDeps, path: string, types: CollectionTypes, admin: boolean): Fields {
  const generated = itemQueries(deps, types) as Fields;
  const name = types.collection.collection;
  const byId = generated[`${name}_by_id`];
  const fields: Record<string, Field> = {
    [path]: generated[name],
    // System items have no content versions: the key alone.
    [`${path}_by_id`]: { ...byId, args: { id: { type: new GraphQLNonNull(GraphQLID) } } },
    [`${path}_aggregated`]: generated[`${name}_aggregated`],
  };
  return admin ? onlyForAdmins(fields) : fields;
}

/** `create_<path>_item(s)`, `update_<path>_item(s)`, `update_<path>_batch`, `delete_<path>_item(s)` (or `update_<path>` of a singleton). */
function mutationsOf(deps: ItemResolverDeps, path: string, types: CollectionTypes, admin: boolean): Fields {
  const name = types.collection.collection;
  const generated = itemMutations(deps, types) as Fields;
  const fields = Object.fromEntries(Object.entries(generated).map(([key, field]) => [key.replace(name, path), field]));
  return admin ? onlyForAdmins(fields) : fields;
}

/**
 * `users_me`: the caller's own user with the caller's rules, as `GET /users/me`; its id alone when
 * they may not read it.
 */
function usersMe(deps: ItemResolverDeps, types: CollectionTypes): Field {
  return {
    type: types.object,
    resolve: (_source, _args, ctx, info) => {
      if (!ctx.acc.user) throw new InvalidCredentialsError();
      return readOwnUser(
        deps.items.for(types.collection.collection, ctx.acc),
        ctx.acc.user,
        queryOf(deps, types, {}, info),
      );
    },
  };
}

/** `settings`: every signed-in user reads them whatever their permissions, as `GET /settings`. */
function settingsQuery(deps: ItemResolverDeps, types: CollectionTypes): Field {
  return {
    type: types.object,
    resolve: (_source, _args, ctx, info) => {
      if (!ctx.acc.user) throw new ForbiddenError();
      return deps.items.for(types.collection.collection, null).readSingleton(queryOf(deps, types, {}, info));
    },
  };
}

/**
 * `update_users_me`: the caller's own user changed through the service of `PATCH /users/me` (its parse
 * and its refusal of a non-admin's access fields), then read back as `users_me`.
 */
function updateUsersMe(deps: ItemResolverDeps, types: CollectionTypes, updateSelf: UpdateSelf): Field {
  return {
    type: types.object,
    args: { data: { type: types.update } },
    resolve: async (_source, args: { data?: unknown }, ctx, info) => {
      if (!ctx.acc.user) throw new InvalidCredentialsError();
      const users = deps.items.for(types.collection.collection, ctx.acc);
      const query = queryOf(deps, types, {}, info);
      await users.checkReadQuery(query);
      // graphql-js leaves absent members as undefined; the REST parser sees the body as JSON would carry it.
      await updateSelf(ctx.acc, JSON.parse(JSON.stringify(args.data ?? {})));
      return readOwnUser(users, ctx.acc.user, query);
    },
  };
}

export type UpdateSelf = (acc: Accountability, body: unknown) => Promise<void>;

const SETTINGS = 'svc_settings';

/**
 * The queries of the system collections of SYSTEM_ITEMS and of the settings, and the mutations of those
 * written as plain items and of the settings (`update_settings`, with the caller's permissions as
 * `PATCH /settings`), typed from the schema overview. A collection whose REST routes use a service of
 * their own (svc_versions: its checks on create, the delta mapped on read) gets it in `ownServices`.
 */
export function systemItemFields(
  deps: ItemResolverDeps,
  overview: SchemaOverview,
  ownServices: Record<string, ItemResolverDeps['items']> = {},
  updateSelf?: UpdateSelf,
): { queries: Fields; mutations: Fields } {
  const collections = new Map(
    Object.entries(SYSTEM_ITEMS).map(([path, entry]) => [entry.collection, { path, ...entry }]),
  );
  const types = buildItemTypes(
    overview,
    () => null,
    (name) => collections.has(name) || name === SETTINGS,
  );
  const queries: Fields = {};
  const mutations: Fields = {};
  for (const [name, collectionTypes] of types) {
    const entry = collections.get(name);
    if (!entry) continue;
    const own = ownServices[name] ? { ...deps, items: ownServices[name] } : deps;
    Object.assign(queries, queriesOf(own, entry.path, collectionTypes, entry.adminOnly === true));
    if (PLAIN_WRITE_SYSTEM_COLLECTIONS.has(name) || ownServices[name])
      Object.assign(
        mutations,
        mutationsOf(own, entry.path, collectionTypes, entry.adminOnly === true || entry.adminWrites === true),
      );
  }
  const users = types.get('svc_users');
  if (users) queries.users_me = usersMe(deps, users);
  if (users && updateSelf) mutations.update_users_me = updateUsersMe(deps, users, updateSelf);
  const settings = types.get(SETTINGS);
  if (settings) {
    queries.settings = settingsQuery(deps, settings);
    Object.assign(mutations, mutationsOf(deps, 'settings', settings, false));
  }
  return { queries, mutations };
}

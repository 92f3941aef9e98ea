import { CollectionInactiveError, collectionForbidden } from '../../../common/errors/errors';
import type { Filter } from '../../../common/query/query.types';
import { runSql } from '../../../database/run-sql';
import type { PermissionLookup, PermissionRule } from '../../permissions/permissions.service';
import type { SchemaOverview } from '../../schema/schema-overview';
import { compileLookup, ReadConditions } from './compile-sql';
import { collectionOf, dbOf, Item, ItemsScope } from './items.types';
import type { ReadableFields } from './read-plan';
import { DynamicVariables, resolveVariables, variableFields } from './resolve-variables';
import { readValue } from './values';
import { rowMatches } from './row-matches';

/**
 * Validate stage, the caller's side: what the caller may do on which collection, and the values of the
 * dynamic variables (`$CURRENT_USER`, `$NOW`) their rules and query use.
 */
export interface Access {
  overview: SchemaOverview;
  lookup: PermissionLookup;
  vars: DynamicVariables;
  readable: ReadableFields;
}

export type RowAction = 'read' | 'update' | 'delete';

/** Which `$CURRENT_USER.<field>` variables each cached list of permission rules uses. */
const RULE_VARIABLES = new WeakMap<object, { user: string[]; role: string[] }>();

/** Permissions and dynamic variables of the caller; `query` is scanned for `$CURRENT_USER.<field>`. */
export async function loadAccess(scope: ItemsScope, query?: unknown): Promise<Access> {
  const { permissions } = scope.deps;
  const acc = scope.acc;
  const lookup = await permissions.lookup(acc);
  const vars: DynamicVariables = {
    now: new Date(),
    user: acc?.user ?? null,
    role: acc?.role ?? null,
    ...(acc ? await permissions.context(acc) : {}),
  };
  const rules = await permissions.rules(acc);
  let fromRules = RULE_VARIABLES.get(rules);
  if (!fromRules) RULE_VARIABLES.set(rules, (fromRules = variableFields(rules)));
  const fromQuery = variableFields(query);
  const user = [...new Set([...fromRules.user, ...fromQuery.user])];
  const role = [...new Set([...fromRules.role, ...fromQuery.role])];
  if (acc?.user && user.length) vars.userFields = await variableRow(scope, 'svc_users', acc.user, user);
  if (acc?.role && role.length) vars.roleFields = await variableRow(scope, 'svc_roles', acc.role, role);
  const overview = scope.deps.overviews.current;
  // Relations into an inactive collection read as into one the caller may not read.
  const readable: ReadableFields = (collection) => {
    const rule = lookup(collection, 'read');
    if (!rule || overview.isInactive(collection)) return null;
    if (!rule.fields || rule.fields.includes('*')) return '*';
    return new Set(rule.fields);
  };
  return { overview, lookup, readable, vars };
}

async function variableRow(scope: ItemsScope, collection: string, key: string, wanted: string[]): Promise<Item> {
  const fields = scope.deps.overviews.current.collection(collection)?.fields ?? {};
  const known = wanted.filter((f) => fields[f] && fields[f].type !== 'alias');
  if (!known.length) return {};
  const [row] = await runSql(
    dbOf(scope),
    compileLookup(scope.deps.dialect, collection, known, { column: 'id', values: [key] }),
  );
  return Object.fromEntries(known.map((f) => [f, readValue(fields[f], row?.[f])]));
}

/** The caller's row filter for `action` on `collection`, variables resolved; null when there is none. */
export function rowFilter(access: Access, collection: string, action: RowAction): Filter | null {
  const rule = access.lookup(collection, action);
  return rule?.permissions ? resolveVariables(rule.permissions, access.vars) : null;
}

/**
 * The caller's rule for `action`; without one, the answer of a collection that does not exist. With
 * one, an inactive collection is COLLECTION_INACTIVE, as the reference answers whoever may use it.
 */
export function requireRule(access: Access, collection: string, action: 'create' | RowAction): PermissionRule {
  const rule = access.lookup(collection, action);
  if (!rule) throw collectionForbidden(collection);
  if (access.overview.isInactive(collection)) throw new CollectionInactiveError(collection);
  return rule;
}

/** A read's conditions on `collection`: the row filter always, the query's filter and search when `user`. */
export function readConditions(
  access: Access,
  collection: string,
  query: { filter?: Filter; search?: string },
  user = true,
): ReadConditions {
  return {
    permission: rowFilter(access, collection, 'read'),
    filter: user && query.filter ? resolveVariables(query.filter, access.vars) : undefined,
    search: user ? query.search : undefined,
    readable: access.readable(collection),
  };
}

/**
 * Of rows no query can read any more (a delete's, see ItemEvent.rows), those the caller could read: with
 * a read rule whose row filter they meet, decided in memory (row-matches.ts).
 */
export async function readableDeleted(scope: ItemsScope, rows: Item[]): Promise<Item[]> {
  const collection = collectionOf(scope);
  const access = await loadAccess(scope);
  if (!access.lookup(collection.collection, 'read')) return [];
  const filter = rowFilter(access, collection.collection, 'read');
  if (!filter) return rows;
  const isColumn = (field: string) =>
    Object.hasOwn(collection.fields, field) && collection.fields[field].type !== 'alias';
  return rows.filter((row) => rowMatches(row, filter, isColumn));
}

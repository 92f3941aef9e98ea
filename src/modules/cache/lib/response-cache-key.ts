import { createHash } from 'node:crypto';

/** Tag of cached reads that may reach beyond their own collection: every write invalidates them. */
export const ANY_COLLECTION_TAG = '*';

/** Routes whose answers must never come from the data cache (API.md 9: not /auth; health is live; utils are fresh values). */
const NEVER_CACHED = ['/auth', '/server/health', '/server/ping', '/utils', '/graphql', '/metrics'];

/** Query parameters that can make a read depend on other collections than the route's own. */
const RELATIONAL_PARAMS = ['filter', 'deep', 'alias', 'aggregate', 'groupBy', 'version'];

/**
 * System collections that decide what every read may see (access, schema, settings): a write to one
 * of them invalidates the whole data cache, or a revoked permission would still be served from it.
 */
const ACCESS_COLLECTIONS = new Set([
  'svc_users',
  'svc_roles',
  'svc_permissions',
  'svc_policies',
  'svc_access',
  'svc_collections',
  'svc_fields',
  'svc_relations',
  'svc_settings',
  // A share's role and item decide what its sessions read.
  'svc_shares',
]);

export function invalidatesEverything(collection: string): boolean {
  return ACCESS_COLLECTIONS.has(collection);
}

/** JSON with object keys sorted at every level, so `?a=1&b=2` and `?b=2&a=1` share one entry. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface CacheableRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  cacheControl?: string;
}

/** GET reads outside the excluded routes, unless the client asked for a fresh answer or a download. */
export function isCacheableRequest({ method, path, query, cacheControl }: CacheableRequest): boolean {
  if (method !== 'GET') return false;
  if (NEVER_CACHED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  if (query.export !== undefined) return false;
  return !/(^|,)\s*no-store\s*(,|$)/i.test(cacheControl ?? '');
}

/**
 * The invalidation tag of a read: its collection when the read can only see that collection's rows,
 * otherwise ANY_COLLECTION_TAG (relational fields, filters that may follow relations, routes about no collection).
 */
export function cacheTag(collection: string | null, query: Record<string, unknown>): string {
  if (collection === null) return ANY_COLLECTION_TAG;
  if (RELATIONAL_PARAMS.some((p) => query[p] !== undefined)) return ANY_COLLECTION_TAG;
  const dotted = [query.fields, query.sort].some((v) => v !== undefined && stableStringify(v).includes('.'));
  return dotted ? ANY_COLLECTION_TAG : collection;
}

/**
 * Key of one cached answer: who asked, what, and the generations that were current when it was stored.
 * A share session has no user either, but reads what its share opens, not what the public reads.
 */
export function responseCacheKey(parts: {
  user: string | null;
  share?: string | null;
  path: string;
  query: Record<string, unknown>;
  generations: string[];
}): string {
  const { access_token: _token, ...query } = parts.query;
  return createHash('sha256')
    .update(
      stableStringify([
        parts.user ?? (parts.share ? `share:${parts.share}` : 'public'),
        parts.path,
        query,
        parts.generations,
      ]),
    )
    .digest('hex');
}

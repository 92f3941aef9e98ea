import { createHash } from 'node:crypto';
import type { PermissionAction, PermissionLookup } from '../../permissions/permissions.service';
import type { LiveAccess } from './live-document';

const ACTIONS: readonly PermissionAction[] = ['create', 'read', 'update', 'delete'];

/** A LiveAccess and a digest of everything in it the document depends on: equal digests, equal documents. */
export interface KeyedAccess extends LiveAccess {
  key: string;
}

/**
 * The caller's and the public role's permissions as the live document uses them. Row filters, presets and
 * validation change nothing in the document, so two roles with the same actions and readable fields
 * share one cached document.
 */
export function liveAccess(
  lookup: PermissionLookup,
  publicLookup: PermissionLookup,
  collections: readonly string[],
): KeyedAccess {
  const readable = (collection: string) => {
    const rule = lookup(collection, 'read');
    if (!rule) return null;
    return !rule.fields || rule.fields.includes('*') ? '*' : new Set(rule.fields);
  };
  const allowed = (collection: string, action: PermissionAction) => lookup(collection, action) !== null;
  const publicAllowed = (collection: string, action: PermissionAction) => publicLookup(collection, action) !== null;
  const facts = [...collections].sort().map((collection) => {
    const fields = readable(collection);
    return [
      collection,
      fields === null || fields === '*' ? fields : [...fields].sort(),
      ACTIONS.map((action) => Number(allowed(collection, action))).join(''),
      ACTIONS.map((action) => Number(publicAllowed(collection, action))).join(''),
    ];
  });
  const key = createHash('sha256').update(JSON.stringify(facts)).digest('base64url');
  return { readable, allowed, publicAllowed, key };
}

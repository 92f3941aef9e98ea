import { InvalidPayloadError } from '../../../common/errors/errors';
import { hasControlCharacters, isMediaType } from '../../../common/http/header-values';
import { isPlainObject } from '../../../common/is-plain-object';
import { unknownMembersReason } from '../../../common/unknown-members';
import type { CollectionOverview } from '../../schema/schema.types';

export type SystemWriteMode = 'create' | 'update';

/**
 * Members a create of a system collection must carry, even as null: one of each group. A permission
 * names its policy (the reference platform 11's form) or, as Vellum's earlier clients do, its role; with
 * neither it would be stored for the public, and a client that names the owner some other way must not
 * open a collection to anonymous callers by omission.
 */
const PRESENT_ON_CREATE: Readonly<Record<string, readonly (readonly string[])[]>> = {
  svc_permissions: [['policy', 'role']],
};

/**
 * Values answered in response headers (a file's `Content-Type` and `Content-Disposition` on /assets):
 * checked on every path that writes them (JSON, multipart, imports, nested writes), since a header
 * holding a line break cannot be sent. Each rule gives what the value must be, or null when it is fine.
 */
const HEADER_VALUES: Readonly<Record<string, Readonly<Record<string, (value: string) => string | null>>>> = {
  svc_files: {
    type: (value) =>
      isMediaType(value)
        ? null
        : 'must be a valid media type: "type/subtype" with optional "; name=value" parameters (RFC 9110), such as "image/png"',
    filename_download: (value) =>
      hasControlCharacters(value) ? 'must not contain control characters (line breaks, tabs, ...)' : null,
  },
};

export interface SystemPayloadProblems {
  unknown: string[];
  missing: string[];
  /** Why values cannot be stored, each naming its member. */
  invalid: string[];
}

function invalidValues(collection: string, item: Record<string, unknown>): string[] {
  const rules = HEADER_VALUES[collection];
  if (!rules) return [];
  return Object.entries(rules).flatMap(([key, rule]) => {
    const value = Object.hasOwn(item, key) ? item[key] : undefined;
    const problem = typeof value === 'string' ? rule(value) : null;
    return problem ? [`"${key}" ${problem}`] : [];
  });
}

/**
 * What is wrong with a body written to a system collection: members that are neither fields nor
 * relational aliases of the collection (a system collection has no member a client may send for
 * nothing), members a create must name, and values that could not be answered in a header. Pure;
 * `item` is not an object when nothing is checked.
 */
export function systemPayloadProblems(
  collection: CollectionOverview,
  item: unknown,
  mode: SystemWriteMode,
): SystemPayloadProblems {
  if (!isPlainObject(item)) return { unknown: [], missing: [], invalid: [] };
  const unknown = Object.keys(item).filter((key) => !Object.hasOwn(collection.fields, key));
  const required = mode === 'create' ? (PRESENT_ON_CREATE[collection.collection] ?? []) : [];
  return {
    unknown,
    missing: required.filter((group) => !group.some((key) => Object.hasOwn(item, key))).map((group) => group[0]),
    invalid: invalidValues(collection.collection, item),
  };
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** INVALID_PAYLOAD naming every unknown, missing and invalid member, so a client can fix its body at once. */
export function assertSystemPayload(collection: CollectionOverview, item: unknown, mode: SystemWriteMode): void {
  const { unknown, missing, invalid } = systemPayloadProblems(collection, item, mode);
  const reasons: string[] = [];
  if (unknown.length) reasons.push(unknownMembersReason(unknown, collection.collection));
  if (missing.length)
    reasons.push(
      `${quoted(missing)} ${missing.length === 1 ? 'is' : 'are'} required (null for the public access; a role instead of a policy is still accepted)`,
    );
  reasons.push(...invalid);
  if (reasons.length) throw new InvalidPayloadError(reasons.join('; '));
}

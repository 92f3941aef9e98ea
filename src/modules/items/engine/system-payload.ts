import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
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

export interface SystemPayloadProblems {
  unknown: string[];
  missing: string[];
}

/**
 * What is wrong with a body written to a system collection: members that are neither fields nor
 * relational aliases of the collection (a system collection has no member a client may send for
 * nothing), and members a create must name. Pure; `item` is not an object when nothing is checked.
 */
export function systemPayloadProblems(collection: CollectionOverview, item: unknown, mode: SystemWriteMode): SystemPayloadProblems {
  if (!isPlainObject(item)) return { unknown: [], missing: [] };
  const unknown = Object.keys(item).filter((key) => !Object.hasOwn(collection.fields, key));
  const required = mode === 'create' ? (PRESENT_ON_CREATE[collection.collection] ?? []) : [];
  return { unknown, missing: required.filter((group) => !group.some((key) => Object.hasOwn(item, key))).map((group) => group[0]) };
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** INVALID_PAYLOAD naming every unknown and every missing member, so a client can fix its body at once. */
export function assertSystemPayload(collection: CollectionOverview, item: unknown, mode: SystemWriteMode): void {
  const { unknown, missing } = systemPayloadProblems(collection, item, mode);
  const reasons: string[] = [];
  if (unknown.length) reasons.push(`Unknown ${unknown.length === 1 ? 'property' : 'properties'} of "${collection.collection}": ${quoted(unknown)}`);
  if (missing.length) reasons.push(`${quoted(missing)} ${missing.length === 1 ? 'is' : 'are'} required (null for the public access; a role instead of a policy is still accepted)`);
  if (reasons.length) throw new InvalidPayloadError(reasons.join('; '));
}

import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';
import type { CollectionOverview } from '../../schema/schema.types';

export type SystemWriteMode = 'create' | 'update';

/**
 * Members a create of a system collection must carry, even as null. A permission without `role` would
 * otherwise be stored for the public role: a client that names the role some other way (the reference
 * platform 11's `policy`) must not open a collection to anonymous callers by omission.
 */
const PRESENT_ON_CREATE: Readonly<Record<string, readonly string[]>> = {
  svc_permissions: ['role'],
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
  return { unknown, missing: required.filter((key) => !Object.hasOwn(item, key)) };
}

const quoted = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** INVALID_PAYLOAD naming every unknown and every missing member, so a client can fix its body at once. */
export function assertSystemPayload(collection: CollectionOverview, item: unknown, mode: SystemWriteMode): void {
  const { unknown, missing } = systemPayloadProblems(collection, item, mode);
  const reasons: string[] = [];
  if (unknown.length) reasons.push(`Unknown ${unknown.length === 1 ? 'property' : 'properties'} of "${collection.collection}": ${quoted(unknown)}`);
  if (missing.length) reasons.push(`${quoted(missing)} ${missing.length === 1 ? 'is' : 'are'} required (null for the public role)`);
  if (reasons.length) throw new InvalidPayloadError(reasons.join('; '));
}

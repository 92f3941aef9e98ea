import { InvalidPayloadError } from '../../../common/errors/errors';
import { isPlainObject } from '../../../common/is-plain-object';

export type Delta = Record<string, unknown>;

/** The stored delta, or null when the version holds no change yet (null, `{}` or a stray value). */
export function deltaOf(stored: unknown): Delta | null {
  return isPlainObject(stored) && Object.keys(stored).length ? stored : null;
}

/** The body of a save: the changed fields of the item. */
export function asChanges(body: unknown): Delta {
  if (!isPlainObject(body))
    throw new InvalidPayloadError('The body must be the changed fields of the item, as an object');
  return body;
}

/**
 * API.md 5.4: a save replaces whole top-level values; nested payloads are not merged, so a relational
 * payload saved twice is the last one sent.
 */
export function mergeDelta(stored: unknown, changes: Delta): Delta {
  return { ...(isPlainObject(stored) ? stored : {}), ...changes };
}

/** API.md 5.6 `fields`: only these top-level values of the delta are promoted. */
export function pickDelta(delta: Delta, fields?: string[]): Delta {
  if (!fields) return delta;
  return Object.fromEntries(Object.entries(delta).filter(([field]) => fields.includes(field)));
}

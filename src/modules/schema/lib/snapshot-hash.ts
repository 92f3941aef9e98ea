import objectHash from 'object-hash';
import type { Snapshot } from './snapshot.types';

/**
 * API.md 4.2: the diff's `hash` is the hash of the current server snapshot together with the running
 * version, so an apply built on another schema state (or another release) is refused.
 */
export function snapshotHash(snapshot: Snapshot, version: string): string {
  // respectType off: a snapshot parsed from JSON and one built in memory must hash alike.
  return objectHash({ item: snapshot, version }, { respectType: false });
}

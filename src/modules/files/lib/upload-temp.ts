import { ownerIsGone, ownerKeyTag } from '../../../common/instance-owner';
import { isUuid } from '../../../common/is-uuid';

const PREFIX = 'temp_upload_';
const REPLACE_PREFIX = 'temp_replace_';
const PUT_PREFIX = 'temp_put_';
const UUID_LENGTH = 36;

/**
 * Where a new file's bytes are written until its row is committed: the file's id, then the process
 * writing them (so a restart on the same host knows at once that a dead process left them).
 */
export function uploadTempKey(id: string, owner = ownerKeyTag()): string {
  return `${PREFIX}${id}_${owner}`;
}

/**
 * Where a replacement's bytes are written until the file's row points at them: a fresh id, the writer
 * (as for uploads), then the extension the stored object will have.
 */
export function replaceTempKey(id: string, extension: string, owner = ownerKeyTag()): string {
  return `${REPLACE_PREFIX}${id}_${owner}${extension}`;
}

/** Where the local disk writes any object before renaming it into place, so no reader sees half of it. */
export function putTempKey(id: string, owner = ownerKeyTag()): string {
  return `${PUT_PREFIX}${id}_${owner}`;
}

const OWNED = /^temp_(?:upload|replace|put)_[0-9a-f-]{36}_(.+?[:~]\d+[:~][0-9a-z]+)(\.[^.]*)?$/i;

/** The writer's tag in a temporary key, or '' when it names none (keys written before writers were named). */
function ownerOfTemp(key: string): string {
  return OWNED.exec(key)?.[1] ?? '';
}

/** Every temporary object (uploads, replacements, the local disk's writes) starts with this. */
export const TEMP_PREFIX = 'temp_';

/** The id of the file an upload's temporary object was for, or null for any other temporary object. */
export function fileIdOfTemp(key: string): string | null {
  if (!key.startsWith(PREFIX)) return null;
  const id = key.slice(PREFIX.length, PREFIX.length + UUID_LENGTH);
  const rest = key.slice(PREFIX.length + UUID_LENGTH);
  return isUuid(id) && (rest === '' || rest.startsWith('_')) ? id : null;
}

/** Whether the process that wrote a temporary object is known to have stopped (keys without an owner: never). */
export function tempOwnerGone(key: string, isGone: (tag: string) => boolean = ownerIsGone): boolean {
  const owner = ownerOfTemp(key);
  return owner !== '' && isGone(owner);
}

export type TempFate = 'move' | 'delete' | 'keep';

/**
 * What the start-up sweep does with a temporary object left by a process that died. A recent one may
 * belong to an upload still running on another instance: kept, unless its writer is known to be gone.
 * An upload whose row was committed but whose bytes were never moved into place is completed; anything
 * else is removed.
 */
export function tempFate(
  key: string,
  ageMs: number,
  minAgeMs: number,
  row: { filename_disk: string | null } | null,
  diskExists: boolean,
  ownerGone = false,
): TempFate {
  if (ageMs < minAgeMs && !ownerGone) return 'keep';
  if (fileIdOfTemp(key) !== null && row?.filename_disk && !diskExists) return 'move';
  return 'delete';
}

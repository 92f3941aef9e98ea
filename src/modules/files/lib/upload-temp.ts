import { isUuid } from '../../../common/is-uuid';

const PREFIX = 'temp_upload_';

/** Where a new file's bytes are written until its row is committed; the file's id is in the name. */
export function uploadTempKey(id: string): string {
  return `${PREFIX}${id}`;
}

/** Every temporary object of uploads and replacements starts with this. */
export const TEMP_PREFIX = 'temp_';

/** The id of the file an upload's temporary object was for, or null for any other temporary object. */
export function fileIdOfTemp(key: string): string | null {
  if (!key.startsWith(PREFIX)) return null;
  const id = key.slice(PREFIX.length);
  return isUuid(id) ? id : null;
}

export type TempFate = 'move' | 'delete' | 'keep';

/**
 * What the start-up sweep does with a temporary object left by a process that died. A recent one may
 * belong to an upload still running on another instance: kept. An upload whose row was committed but
 * whose bytes were never moved into place is completed; anything else is removed.
 */
export function tempFate(key: string, ageMs: number, minAgeMs: number, row: { filename_disk: string | null } | null, diskExists: boolean): TempFate {
  if (ageMs < minAgeMs) return 'keep';
  if (fileIdOfTemp(key) !== null && row?.filename_disk && !diskExists) return 'move';
  return 'delete';
}

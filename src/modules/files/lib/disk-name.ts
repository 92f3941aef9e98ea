import { TEMP_PREFIX } from './upload-temp';
import { variantPrefix } from '../transform/transform-key';

/**
 * Why a client may not choose `key` as a file's storage key (`filename_disk`), or null. Stored
 * transformations live at `<name without extension>__<hash>.<ext>` and are served and deleted by that
 * prefix, so a client name holding `__` could take the place of another file's variant (and be served
 * as it) or be deleted with another file's variants; `temp_` objects are uploads in progress, which
 * the start-up sweep moves or removes.
 */
export function reservedDiskName(key: string): string | null {
  if (key.includes('__')) return '"filename_disk" cannot contain "__": such names are kept for stored transformations';
  if (key.startsWith(TEMP_PREFIX))
    return `"filename_disk" cannot start with "${TEMP_PREFIX}": such names are kept for uploads in progress`;
  return null;
}

/** Whether two storage keys would share their stored transformations (`abc.jpg` and `abc.png` both keep them at `abc__…`). */
export function shareVariants(a: string, b: string): boolean {
  return variantPrefix(a) === variantPrefix(b);
}

/** The part of `key` every key sharing its variants starts with: the key without its extension. */
export function variantStem(key: string): string {
  return variantPrefix(key).slice(0, -2);
}

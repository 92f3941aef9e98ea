import { ownerIsGone, ownerKeyTag } from '../../../common/instance-owner';

const PREFIX = 'vellum-import-';

/** The temporary copy of a background import's upload: a fresh id, then the process importing it. */
export function importTempName(id: string, owner = ownerKeyTag()): string {
  return `${PREFIX}${id}_${owner}`;
}

/**
 * Whether a temporary copy in the shared temporary folder can go: its importing process is known to
 * have stopped, or it is older than the longest an import may run (untagged copies: age only).
 */
export function importTempIsLeftover(
  name: string,
  ageMs: number,
  maxAgeMs: number,
  isGone: (tag: string) => boolean = ownerIsGone,
): boolean {
  if (!name.startsWith(PREFIX)) return false;
  if (ageMs > maxAgeMs) return true;
  const owner = /_([^_]+)$/.exec(name.slice(PREFIX.length))?.[1];
  return owner !== undefined && isGone(owner);
}

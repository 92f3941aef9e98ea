import { InvalidQueryError } from '../errors/errors';
import type { MetaKey } from './query.types';
import { toList } from './parse-fields';

const META_KEYS: readonly MetaKey[] = ['total_count', 'filter_count'];

/** `total_count`, `filter_count`, a CSV of both, or `*` (API.md 1.6); anything else is a 400. */
export function parseMeta(raw: unknown): MetaKey[] {
  const parts = toList(raw, 'meta');
  if (parts.includes('*')) return [...META_KEYS];
  for (const part of parts) {
    if (!(META_KEYS as readonly string[]).includes(part))
      throw new InvalidQueryError(`"meta" does not accept "${part}"`);
  }
  return [...new Set(parts)] as MetaKey[];
}

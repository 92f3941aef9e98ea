import { InvalidQueryError } from '../errors/errors';
import type { SortEntry } from './query.types';
import { toList } from './parse-fields';
import { parseJsonFunction } from './parse-json-function';

/** `-date_created,title,json(metadata, color)` → entries; `?` → random order (Vellum decision, API.md first table). */
export function parseSort(raw: unknown): SortEntry[] | 'random' {
  const parts = toList(raw, 'sort');
  if (parts.length === 1 && parts[0] === '?') return 'random';
  return parts.map((part) => {
    const descending = part.startsWith('-');
    const field = descending ? part.slice(1) : part;
    // A segment may name one collection of a many-to-any field (`children.item:circles.name`).
    if (!parseJsonFunction(field) && !/^[\w$][\w\-$]*(:[\w$][\w\-$]*)?(\.[\w$][\w\-$]*(:[\w$][\w\-$]*)?)*$/.test(field)) {
      throw new InvalidQueryError(`"sort" contains the malformed entry "${part}"`);
    }
    return { field, order: descending ? 'DESC' : 'ASC' };
  });
}

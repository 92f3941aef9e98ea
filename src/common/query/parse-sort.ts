import { InvalidQueryError } from '../errors/errors';
import type { SortEntry } from './query.types';
import { toList } from './parse-fields';
import { parseJsonFunction } from './parse-json-function';
import { jsonRef, parseFieldRef } from './field-ref';

// A segment may name one collection of a many-to-any field (`children.item:circles.name`); the last one
// may be a field function (`country_id.year(date)`, `count(comments)`).
const SEGMENT = String.raw`[\w$][\w\-$]*(?::[\w$][\w\-$]*)?`;
const PATH = new RegExp(String.raw`^(?:${SEGMENT}\.)*(?:${SEGMENT}|\w+\([\w-]+\))$`);
const FUNCTION_OF_PATH = new RegExp(String.raw`^(\w+)\(((?:${SEGMENT}\.)+)([\w-]+)\)$`);

/** `year(country_id.date)` → `country_id.year(date)`: the relational path goes outside, as the reference writes it. */
function normalizeFunctionPath(field: string): string {
  const match = FUNCTION_OF_PATH.exec(field);
  return match && match[1] !== 'json' ? `${match[2]}${match[1]}(${match[3]})` : field;
}

/** `-date_created,title,year(date),json(metadata, color)` → entries; `?` → random order (Vellum decision, API.md first table). */
export function parseSort(raw: unknown): SortEntry[] | 'random' {
  const parts = toList(raw, 'sort');
  if (parts.length === 1 && parts[0] === '?') return 'random';
  return parts.map((part) => {
    const descending = part.startsWith('-');
    const field = normalizeFunctionPath(descending ? part.slice(1) : part);
    const json = parseJsonFunction(field);
    if (!json && !PATH.test(field)) throw new InvalidQueryError(`"sort" contains the malformed entry "${part}"`);
    return { field: json ? jsonRef(json) : parseFieldRef(field), order: descending ? 'DESC' : 'ASC' };
  });
}

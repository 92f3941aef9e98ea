import { InvalidQueryError } from '../errors/errors';
import { parseJsonFunction, splitOutside } from './parse-json-function';

/** A field entry: dot path segments, the last of which may be a `json(field, path)` call. */
function isWellFormed(entry: string): boolean {
  const segments = splitOutside(entry, '.');
  return segments.every((segment, i) => {
    if (segment === '') return false;
    if (parseJsonFunction(segment)) return i === segments.length - 1;
    return /^[\w\-*:()$ ]+$/.test(segment);
  });
}

/** `fields=title,author.name` or `fields[]=title&fields[]=author.name` → `['title', 'author.name']`. */
export function parseFields(raw: unknown, parameter = 'fields'): string[] {
  const parts = toList(raw, parameter);
  for (const part of parts) {
    if (!isWellFormed(part)) throw new InvalidQueryError(`"${parameter}" contains the malformed entry "${part}"`);
  }
  return parts;
}

/**
 * CSV string or array of strings (each possibly CSV itself) → trimmed, non-empty entries; commas inside
 * parentheses (`json(metadata, color)`) do not separate.
 */
export function toList(raw: unknown, parameter: string): string[] {
  const values = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string')
      throw new InvalidQueryError(`"${parameter}" must be a string or an array of strings`);
    for (const part of splitOutside(value, ',')) {
      const trimmed = part.trim();
      if (trimmed) out.push(trimmed);
    }
  }
  return out;
}

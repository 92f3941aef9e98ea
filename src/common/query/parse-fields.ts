import { InvalidQueryError } from '../errors/errors';

/** `fields=title,author.name` or `fields[]=title&fields[]=author.name` → `['title', 'author.name']`. */
export function parseFields(raw: unknown, parameter = 'fields'): string[] {
  const parts = toList(raw, parameter);
  for (const part of parts) {
    if (!/^[\w\-*.:()$, ]+$/.test(part) || part.split('.').some((segment) => segment === '')) {
      throw new InvalidQueryError(`"${parameter}" contains the malformed entry "${part}"`);
    }
  }
  return parts;
}

/** CSV string or array of strings (each possibly CSV itself) → trimmed, non-empty entries. */
export function toList(raw: unknown, parameter: string): string[] {
  const values = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const value of values) {
    if (typeof value !== 'string') throw new InvalidQueryError(`"${parameter}" must be a string or an array of strings`);
    for (const part of value.split(',')) {
      const trimmed = part.trim();
      if (trimmed) out.push(trimmed);
    }
  }
  return out;
}

import { InvalidQueryError } from '../errors/errors';
import { isPlainObject } from '../is-plain-object';
import { parseJsonPath, type JsonPathSegment } from './parse-json-function';

/** `_json`'s value as a tree: `_and`/`_or` groups (the object itself is an `and`) of one operator at one path. */
export type JsonFilterNode =
  | { logic: 'and' | 'or'; children: JsonFilterNode[] }
  | { path: JsonPathSegment[]; pathText: string; operator: string; value: unknown };

const LISTS = new Set(['_in', '_nin', '_between', '_nbetween']);
const FLAGS = new Set(['_null', '_nnull', '_empty', '_nempty']);

/**
 * `{ "color": { "_eq": "red" }, "_or": [ ... ] }` (the value of `_json` on a JSON field) → its tree, or
 * INVALID_QUERY. Paths are flat (`settings.theme`, `tags[0]`), each mapped to an object of the filter
 * `operators`. Stricter than a plain filter, as in the reference platform: lists must be arrays (no
 * comma text), flags booleans.
 */
export function parseJsonFilter(value: unknown, operators: ReadonlySet<string>): JsonFilterNode {
  if (!isPlainObject(value)) throw new InvalidQueryError('"_json" needs an object of JSON paths and their operators');
  const children: JsonFilterNode[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(inner) || inner.some((entry) => !isPlainObject(entry))) {
        throw new InvalidQueryError(`"${key}" in "_json" must be an array of objects`);
      }
      children.push({
        logic: key === '_and' ? 'and' : 'or',
        children: inner.map((entry) => parseJsonFilter(entry, operators)),
      });
    } else {
      children.push(...pathConditions(key, inner, operators));
    }
  }
  return { logic: 'and', children };
}

function pathConditions(pathText: string, inner: unknown, operators: ReadonlySet<string>): JsonFilterNode[] {
  if (pathText.trim() === '') throw new InvalidQueryError('A JSON path in "_json" must not be empty');
  const path = parseJsonPath(pathText);
  if (!isPlainObject(inner)) throw new InvalidQueryError(`JSON path "${pathText}" in "_json" needs an operator object`);
  const entries = Object.entries(inner);
  if (!entries.length) throw new InvalidQueryError(`JSON path "${pathText}" in "_json" needs an operator`);
  return entries.map(([operator, operand]) => {
    if (!operator.startsWith('_')) {
      throw new InvalidQueryError(
        `JSON path "${pathText}" in "_json" cannot hold the path "${operator}"; write "${pathText}.${operator}" instead`,
      );
    }
    if (!operators.has(operator)) throw new InvalidQueryError(`Unknown filter operator "${operator}" in "_json"`);
    checkOperand(pathText, operator, operand);
    return { path, pathText, operator, value: operand };
  });
}

function checkOperand(pathText: string, operator: string, operand: unknown): void {
  const where = `"${operator}" of JSON path "${pathText}"`;
  if (LISTS.has(operator)) {
    const size = operator.endsWith('between') ? 2 : null;
    if (!Array.isArray(operand) || operand.length === 0 || (size !== null && operand.length !== size)) {
      throw new InvalidQueryError(
        `${where} needs ${size === null ? 'a non-empty list of values' : 'a list of two values'}`,
      );
    }
    operand.forEach((v) => checkScalar(where, v, false));
  } else if (FLAGS.has(operator)) {
    if (typeof operand !== 'boolean' && operand !== 'true' && operand !== 'false')
      throw new InvalidQueryError(`${where} needs true or false`);
  } else {
    checkScalar(where, operand, true);
  }
}

function checkScalar(where: string, v: unknown, nullable: boolean): void {
  if (v === null && nullable) return;
  if (typeof v === 'string' && v === '')
    throw new InvalidQueryError(`${where} has an empty value; use "_empty" instead`);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new InvalidQueryError(`${where} is not a number in range`);
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
    throw new InvalidQueryError(`${where} needs a string, number or boolean`);
  }
}

import { InvalidQueryError } from '../errors/errors';
import type { Filter, FieldOperator } from './query.types';
import { isPlainObject } from '../is-plain-object';

export const FIELD_OPERATORS: readonly FieldOperator[] = [
  '_eq', '_neq', '_ieq', '_nieq', '_lt', '_lte', '_gt', '_gte', '_in', '_nin', '_null', '_nnull', '_empty', '_nempty',
  '_contains', '_ncontains', '_icontains', '_nicontains', '_starts_with', '_nstarts_with', '_istarts_with',
  '_nistarts_with', '_ends_with', '_nends_with', '_iends_with', '_niends_with', '_between', '_nbetween',
];

/** Operators that need a list of values. */
const LIST_OPERATORS = new Set(['_in', '_nin', '_between', '_nbetween']);

/**
 * `filter={"title":{"_eq":"x"}}` (JSON text) or the bracket form `filter[title][_eq]=x` (already an object
 * from qs) → a checked Filter. Field names are checked later against the schema overview.
 */
export function parseFilter(raw: unknown, parameter = 'filter'): Filter {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new InvalidQueryError(`"${parameter}" is not valid JSON`);
    }
  }
  if (!isPlainObject(value)) throw new InvalidQueryError(`"${parameter}" must be an object`);
  checkFilter(value, parameter);
  return value as Filter;
}


function checkFilter(filter: Record<string, unknown>, parameter: string): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : null;
      if (!list || list.some((entry) => !isPlainObject(entry))) {
        throw new InvalidQueryError(`"${key}" in "${parameter}" must be an array of filters`);
      }
      // qs turns `_and[0][a]...` into an object keyed by index; keep the array form downstream.
      filter[key] = list;
      list.forEach((entry) => checkFilter(entry as Record<string, unknown>, parameter));
    } else if (key === '_some' || key === '_none') {
      if (!isPlainObject(value)) throw new InvalidQueryError(`"${key}" in "${parameter}" must be a filter`);
      checkFilter(value, parameter);
    } else if (key.startsWith('_')) {
      checkOperator(filter, key, value, parameter);
    } else {
      if (!isPlainObject(value)) throw new InvalidQueryError(`Field "${key}" in "${parameter}" needs an operator object`);
      checkFilter(value, parameter);
    }
  }
}

function checkOperator(filter: Record<string, unknown>, operator: string, value: unknown, parameter: string): void {
  if (!(FIELD_OPERATORS as readonly string[]).includes(operator)) {
    throw new InvalidQueryError(`Unknown filter operator "${operator}" in "${parameter}"`);
  }
  if (LIST_OPERATORS.has(operator)) {
    let list = value;
    if (typeof value === 'string') list = value.split(',');
    else if (isPlainObject(value)) list = Object.values(value);
    else if (typeof value === 'number' || typeof value === 'boolean') list = [value];
    if (!Array.isArray(list) || list.length === 0) {
      throw new InvalidQueryError(`"${operator}" in "${parameter}" needs a non-empty list of values`);
    }
    filter[operator] = list;
    return;
  }
  if (isPlainObject(value) || Array.isArray(value)) {
    throw new InvalidQueryError(`"${operator}" in "${parameter}" needs a single value`);
  }
  if (value === '' && !['_null', '_nnull', '_empty', '_nempty'].includes(operator)) {
    throw new InvalidQueryError(`"${operator}" in "${parameter}" has an empty value; use "_empty" instead`);
  }
}

import { isPlainObject } from '../../../common/is-plain-object';
import type { Filter } from '../../../common/query/query.types';
import type { Item } from './items.types';
import { testOperator } from './validate-payload';

/**
 * Whether a row held in memory (a deleted item, which no query can read any more) meets a row filter,
 * variables resolved. Only conditions on the row's own columns are decided here; anything else
 * (relations, functions, `_some`, `_json`, an unknown operator) counts as not met. Filters combine
 * conditions with `_and` and `_or` only, so the answer errs towards "not readable", never the other way.
 */
export function rowMatches(row: Item, filter: Filter, isColumn: (field: string) => boolean): boolean {
  const matches = (sub: unknown) => isPlainObject(sub) && rowMatches(row, sub as Filter, isColumn);
  return Object.entries(filter).every(([key, rule]) => {
    if (key === '_and') return Array.isArray(rule) && rule.every(matches);
    if (key === '_or') return Array.isArray(rule) && rule.some(matches);
    if (!isColumn(key) || !isPlainObject(rule)) return false;
    return Object.entries(rule).every(([operator, expected]) => testOperator(row[key], operator, expected) === true);
  });
}

import { InvalidPayloadError, InvalidQueryError } from '../errors/errors';
import type { Filter } from './query.types';
import { ruleRegex } from './rule-regex';
import { parseJsonFilter } from './parse-json-filter';
import { isPlainObject } from '../is-plain-object';
import { refusePrototypeKeys } from '../prototype-keys';
import { parseObjectParam } from './parse-json-param';

/** Every field operator a filter takes (API.md 1.6); GraphQL's operator types are built from it too. */
export const FIELD_OPERATORS = [
  '_eq',
  '_neq',
  '_ieq',
  '_nieq',
  '_lt',
  '_lte',
  '_gt',
  '_gte',
  '_in',
  '_nin',
  '_null',
  '_nnull',
  '_empty',
  '_nempty',
  '_contains',
  '_icontains',
  '_ncontains',
  '_nicontains',
  '_starts_with',
  '_nstarts_with',
  '_istarts_with',
  '_nistarts_with',
  '_ends_with',
  '_nends_with',
  '_iends_with',
  '_niends_with',
  '_between',
  '_nbetween',
] as const;

/** What `_json` applies at a JSON path: every field operator. */
export const JSON_OPERATORS: ReadonlySet<string> = new Set(FIELD_OPERATORS);

/** Operators that need a list of values. */
const LIST_OPERATORS = new Set(['_in', '_nin', '_between', '_nbetween']);

/** What a filter check allows and how it fails: a query parameter (INVALID_QUERY) or a stored rule (INVALID_PAYLOAD). */
interface FilterRules {
  operators: ReadonlySet<string>;
  /** Whether `_json` may filter inside JSON fields (SQL only: a stored validation rule cannot). */
  json: boolean;
  fail: (reason: string) => Error;
}

const QUERY_FILTER: FilterRules = {
  operators: new Set(FIELD_OPERATORS),
  json: true,
  fail: (reason) => new InvalidQueryError(reason),
};
/** API.md 1.6: `_regex` exists only for validation rules, which are checked on payloads, never in SQL. */
const VALIDATION_RULE: FilterRules = {
  operators: new Set([...FIELD_OPERATORS, '_regex']),
  json: false,
  fail: (reason) => new InvalidPayloadError(reason),
};

/**
 * `filter={"title":{"_eq":"x"}}` (JSON text) or the bracket form `filter[title][_eq]=x` (already an object
 * from qs) → a checked Filter. Field names are checked later against the schema overview.
 */
export function parseFilter(raw: unknown, parameter = 'filter'): Filter {
  const value = parseObjectParam(raw, parameter);
  checkFilter(value, parameter, QUERY_FILTER);
  return value as Filter;
}

/**
 * A validation rule about to be stored (field `meta.validation`): the shape of a filter plus `_regex`
 * with a pattern that compiles, else INVALID_PAYLOAD naming `where`. A rule that is stored broken would
 * fail every later write of the collection.
 */
export function checkValidationRule(rule: unknown, where: string): void {
  if (rule === null) return;
  if (!isPlainObject(rule)) throw new InvalidPayloadError(`"${where}" must be a filter object or null`);
  refusePrototypeKeys(rule, `"${where}"`, VALIDATION_RULE.fail);
  checkFilter(rule, where, VALIDATION_RULE);
}

function checkFilter(filter: Record<string, unknown>, parameter: string, rules: FilterRules): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '_and' || key === '_or') {
      const list = Array.isArray(value) ? value : isPlainObject(value) ? Object.values(value) : null;
      if (!list || list.some((entry) => !isPlainObject(entry))) {
        throw rules.fail(`"${key}" in "${parameter}" must be an array of filters`);
      }
      // qs turns `_and[0][a]...` into an object keyed by index; keep the array form downstream.
      filter[key] = list;
      list.forEach((entry) => checkFilter(entry as Record<string, unknown>, parameter, rules));
    } else if (key === '_some' || key === '_none') {
      if (!isPlainObject(value)) throw rules.fail(`"${key}" in "${parameter}" must be a filter`);
      checkFilter(value, parameter, rules);
    } else if (key === '_json' && rules.json) {
      parseJsonFilter(value, JSON_OPERATORS);
    } else if (key.startsWith('_')) {
      checkOperator(filter, key, value, parameter, rules);
    } else {
      if (!isPlainObject(value)) throw rules.fail(`Field "${key}" in "${parameter}" needs an operator object`);
      checkFilter(value, parameter, rules);
    }
  }
}

function checkOperator(
  filter: Record<string, unknown>,
  operator: string,
  value: unknown,
  parameter: string,
  rules: FilterRules,
): void {
  if (!rules.operators.has(operator)) {
    throw rules.fail(`Unknown filter operator "${operator}" in "${parameter}"`);
  }
  if (LIST_OPERATORS.has(operator)) {
    let list = value;
    if (typeof value === 'string') list = value.split(',');
    else if (isPlainObject(value)) list = Object.values(value);
    else if (typeof value === 'number' || typeof value === 'boolean') list = [value];
    if (!Array.isArray(list) || list.length === 0) {
      throw rules.fail(`"${operator}" in "${parameter}" needs a non-empty list of values`);
    }
    if (list.some((member) => member !== null && typeof member === 'object')) {
      throw rules.fail(`"${operator}" in "${parameter}" needs a list of single values`);
    }
    filter[operator] = list;
    return;
  }
  if (isPlainObject(value) || Array.isArray(value)) {
    throw rules.fail(`"${operator}" in "${parameter}" needs a single value`);
  }
  if (value === '' && !['_null', '_nnull', '_empty', '_nempty'].includes(operator)) {
    throw rules.fail(`"${operator}" in "${parameter}" has an empty value; use "_empty" instead`);
  }
  if (operator === '_regex' && !compiles(String(value)))
    throw rules.fail(`"_regex" in "${parameter}" is not a valid regular expression`);
}

function compiles(source: string): boolean {
  try {
    ruleRegex(source);
    return true;
  } catch {
    return false;
  }
}

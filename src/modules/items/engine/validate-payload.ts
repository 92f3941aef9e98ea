import { FailedValidationError } from '../../../common/errors/errors';
import type { Filter } from '../../../common/query/query.types';
import { ruleRegex } from '../../../common/query/rule-regex';
import { valueText } from '../../../common/value-text';

type Test = (value: unknown, expected: unknown) => boolean;

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
const textOf = (value: unknown) => (value === null || value === undefined ? '' : valueText(value));
const listOf = (expected: unknown): unknown[] =>
  Array.isArray(expected) ? expected : typeof expected === 'string' ? expected.split(',') : [expected];
const isNull = (value: unknown) => value === null || value === undefined;

/** Numbers compare as numbers; two strings (dates, times) also as text. */
const ordered =
  (test: (a: number | string, b: number | string) => boolean): Test =>
  (value, expected) =>
    test(num(value), num(expected)) ||
    (typeof value === 'string' && typeof expected === 'string' && test(value, expected));

/** `_contains`, `_starts_with`, `_ends_with` and their case-insensitive `_i` forms. */
const textTest =
  (method: 'includes' | 'startsWith' | 'endsWith', caseInsensitive: boolean): Test =>
  (value, expected) =>
    caseInsensitive
      ? textOf(value).toLowerCase()[method](String(expected).toLowerCase())
      : textOf(value)[method](String(expected));

const between: Test = (value, expected) => {
  const list = listOf(expected);
  return list.length === 2 && num(value) >= num(list[0]) && num(value) <= num(list[1]);
};

/** Each operator whose `_n` form is its negation. */
const NEGATABLE: Record<string, Test> = {
  _eq: (value, expected) => (expected === null ? isNull(value) : valueText(value) === valueText(expected)),
  _ieq: (value, expected) => textOf(value).toLowerCase() === valueText(expected).toLowerCase(),
  _in: (value, expected) => listOf(expected).map(String).includes(String(value)),
  _null: (value, expected) => isNull(value) === (expected !== false && expected !== 'false'),
  _empty: (value) => isNull(value) || textOf(value) === '' || (Array.isArray(value) && value.length === 0),
  _contains: textTest('includes', false),
  _icontains: textTest('includes', true),
  _starts_with: textTest('startsWith', false),
  _istarts_with: textTest('startsWith', true),
  _ends_with: textTest('endsWith', false),
  _iends_with: textTest('endsWith', true),
};

const TESTS: Record<string, Test> = {
  ...NEGATABLE,
  ...Object.fromEntries(
    Object.entries(NEGATABLE).map(([name, test]) => [
      `_n${name.slice(1)}`,
      (value: unknown, expected: unknown) => !test(value, expected),
    ]),
  ),
  _lt: ordered((a, b) => a < b),
  _lte: ordered((a, b) => a <= b),
  _gt: ordered((a, b) => a > b),
  _gte: ordered((a, b) => a >= b),
  _between: between,
  // Not the negation of `_between`: anything but two bounds fails both.
  _nbetween: (value, expected) => listOf(expected).length === 2 && !between(value, expected),
  _regex: (value, expected) => !isNull(value) && ruleRegex(String(expected)).test(textOf(value)),
};

/** Whether `value` passes `operator`; null for an operator the table does not know. */
export function testOperator(value: unknown, operator: string, expected: unknown): boolean | null {
  const test = Object.hasOwn(TESTS, operator) ? TESTS[operator] : undefined;
  return test ? test(value, expected) : null;
}

/** An operator the table does not know is no rule a payload can break. */
function compare(value: unknown, operator: string, expected: unknown): boolean {
  return testOperator(value, operator, expected) ?? true;
}

/**
 * Evaluates a validation filter (permission `validation`, field `meta.validation`) on a payload and
 * returns one FAILED_VALIDATION per broken rule. With `partial`, rules on fields the payload does not
 * carry are skipped (updates change only some fields).
 */
export function validatePayload(
  payload: Record<string, unknown>,
  filter: Filter,
  partial: boolean,
): FailedValidationError[] {
  const errors: FailedValidationError[] = [];
  for (const [key, rule] of Object.entries(filter)) {
    if (key === '_and') {
      for (const sub of rule as Filter[]) errors.push(...validatePayload(payload, sub, partial));
      continue;
    }
    if (key === '_or') {
      const results = (rule as Filter[]).map((sub) => validatePayload(payload, sub, partial));
      if (!results.some((r) => r.length === 0)) errors.push(...results.flat());
      continue;
    }
    if (partial && !(key in payload)) continue;
    for (const [operator, expected] of Object.entries((rule ?? {}) as Record<string, unknown>)) {
      if (!operator.startsWith('_')) continue;
      if (!compare(payload[key], operator, expected)) {
        errors.push(
          new FailedValidationError(
            { field: key, type: operator.slice(1), valid: expected },
            `Validation failed for field "${key}": "${operator}" ${JSON.stringify(expected)}.`,
          ),
        );
      }
    }
  }
  return errors;
}

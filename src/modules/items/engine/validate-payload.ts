import { FailedValidationError } from '../../../common/errors/errors';
import type { Filter } from '../../../common/query/query.types';
import { ruleRegex } from '../../../common/query/rule-regex';

function compare(value: unknown, operator: string, expected: unknown): boolean {
  const list = Array.isArray(expected) ? expected : typeof expected === 'string' ? expected.split(',') : [expected];
  const text = value === null || value === undefined ? '' : String(value);
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
  switch (operator) {
    case '_eq':
      return expected === null ? value === null || value === undefined : String(value) === String(expected);
    case '_neq':
      return expected === null ? value !== null && value !== undefined : String(value) !== String(expected);
    case '_ieq':
      return text.toLowerCase() === String(expected).toLowerCase();
    case '_nieq':
      return text.toLowerCase() !== String(expected).toLowerCase();
    case '_lt':
      return num(value) < num(expected) || (typeof value === 'string' && typeof expected === 'string' && value < expected);
    case '_lte':
      return num(value) <= num(expected) || (typeof value === 'string' && typeof expected === 'string' && value <= expected);
    case '_gt':
      return num(value) > num(expected) || (typeof value === 'string' && typeof expected === 'string' && value > expected);
    case '_gte':
      return num(value) >= num(expected) || (typeof value === 'string' && typeof expected === 'string' && value >= expected);
    case '_in':
      return list.map(String).includes(String(value));
    case '_nin':
      return !list.map(String).includes(String(value));
    case '_null':
      return (value === null || value === undefined) === (expected !== false && expected !== 'false');
    case '_nnull':
      return (value !== null && value !== undefined) === (expected !== false && expected !== 'false');
    case '_empty':
      return value === null || value === undefined || text === '' || (Array.isArray(value) && value.length === 0);
    case '_nempty':
      return !(value === null || value === undefined || text === '' || (Array.isArray(value) && value.length === 0));
    case '_contains':
      return text.includes(String(expected));
    case '_ncontains':
      return !text.includes(String(expected));
    case '_icontains':
      return text.toLowerCase().includes(String(expected).toLowerCase());
    case '_nicontains':
      return !text.toLowerCase().includes(String(expected).toLowerCase());
    case '_starts_with':
      return text.startsWith(String(expected));
    case '_nstarts_with':
      return !text.startsWith(String(expected));
    case '_istarts_with':
      return text.toLowerCase().startsWith(String(expected).toLowerCase());
    case '_nistarts_with':
      return !text.toLowerCase().startsWith(String(expected).toLowerCase());
    case '_ends_with':
      return text.endsWith(String(expected));
    case '_nends_with':
      return !text.endsWith(String(expected));
    case '_iends_with':
      return text.toLowerCase().endsWith(String(expected).toLowerCase());
    case '_niends_with':
      return !text.toLowerCase().endsWith(String(expected).toLowerCase());
    case '_between':
      return list.length === 2 && num(value) >= num(list[0]) && num(value) <= num(list[1]);
    case '_nbetween':
      return list.length === 2 && !(num(value) >= num(list[0]) && num(value) <= num(list[1]));
    case '_regex':
      return value !== null && value !== undefined && ruleRegex(String(expected)).test(text);
    default:
      return true;
  }
}

/**
 * Evaluates a validation filter (permission `validation`, field `meta.validation`) on a payload and
 * returns one FAILED_VALIDATION per broken rule. With `partial`, rules on fields the payload does not
 * carry are skipped (updates change only some fields).
 */
export function validatePayload(payload: Record<string, unknown>, filter: Filter, partial: boolean): FailedValidationError[] {
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
        errors.push(new FailedValidationError({ field: key, type: operator.slice(1), valid: expected }, `Validation failed for field "${key}": "${operator}" ${JSON.stringify(expected)}.`));
      }
    }
  }
  return errors;
}

import { InvalidQueryError } from '../errors/errors';

export interface LimitOptions {
  limitDefault: number;
  limitMax?: number;
}

export function parseInteger(raw: unknown, parameter: string, min: number): number {
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text.trim()))
    throw new InvalidQueryError(`"${parameter}" must be an integer`);
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min)
    throw new InvalidQueryError(`"${parameter}" must be at least ${min}`);
  return value;
}

/**
 * API.md 1.6: default QUERY_LIMIT_DEFAULT, `-1` = all rows; with QUERY_LIMIT_MAX set, `-1` becomes that
 * maximum and anything above it is refused.
 */
export function parseLimit(raw: unknown, options: LimitOptions): number {
  const max = options.limitMax;
  if (raw === undefined) return max !== undefined && options.limitDefault > max ? max : options.limitDefault;
  const value = parseInteger(raw, 'limit', -1);
  if (value === -1) return max ?? -1;
  if (max !== undefined && value > max) throw new InvalidQueryError(`"limit" can not be more than ${max}`);
  return value;
}

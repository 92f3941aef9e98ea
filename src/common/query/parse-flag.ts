import { InvalidQueryError } from '../errors/errors';

/**
 * A boolean query parameter (API.md, Vellum's decisions: `force` is a real boolean): `true`, `1` or an
 * empty value (`?force`) switch it on, `false` or `0` off, absence is off; anything else is a 400.
 */
export function parseFlag(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (value === '' || value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new InvalidQueryError(`"${name}" must be true or false`);
}

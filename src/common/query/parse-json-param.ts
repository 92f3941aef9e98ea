import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../http/json-body';
import { InvalidQueryError } from '../errors/errors';

/**
 * A structured query parameter (`filter`, `deep`, `alias`, `aggregate`) as JSON text or, in the bracket
 * form, as the object qs built, nested no deeper than a request body may be: the recursive stages after
 * parsing (variables, validation, SQL compilation) would otherwise overflow the stack and answer a 500.
 */
export function parseJsonParam(raw: unknown, parameter: string): unknown {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new InvalidQueryError(`"${parameter}" is not valid JSON`);
    }
  }
  if (jsonDepthExceeds(value, MAX_JSON_DEPTH)) throw new InvalidQueryError(`"${parameter}" is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

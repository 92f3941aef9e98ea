import { MAX_JSON_DEPTH, jsonShapeProblem } from '../http/json-body';
import { InvalidQueryError } from '../errors/errors';
import { isPlainObject } from '../is-plain-object';
import { prototypeKeyReason } from '../prototype-keys';

/**
 * A structured query parameter (`filter`, `deep`, `alias`, `aggregate`) as JSON text or, in the bracket
 * form, as the object qs built, nested no deeper than a request body may be: the recursive stages after
 * parsing (variables, validation, SQL compilation) would otherwise overflow the stack and answer a 500;
 * and holding no key that leads to a prototype, which those stages would walk or assign through.
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
  const problem = jsonShapeProblem(value, MAX_JSON_DEPTH);
  if (problem && 'tooDeep' in problem)
    throw new InvalidQueryError(`"${parameter}" is nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (problem) throw new InvalidQueryError(prototypeKeyReason(problem.prototypeKey, `"${parameter}"`));
  return value;
}

/**
 * A structured parameter that must be an object (`filter`, `deep`, `alias`, `aggregate`). The bracket form
 * comes from qs as null-prototype objects that keep every key but `__proto__`, so `constructor` or
 * `toString` reach the key checks as in JSON.
 */
export function parseObjectParam(raw: unknown, parameter: string): Record<string, unknown> {
  const value = parseJsonParam(raw, parameter);
  if (!isPlainObject(value)) throw new InvalidQueryError(`"${parameter}" must be an object`);
  return value;
}

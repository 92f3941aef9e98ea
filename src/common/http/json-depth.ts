import type { NextFunction, Request, Response } from 'express';
import { InvalidPayloadError } from '../errors/errors';

/**
 * Deepest nesting of objects and arrays a JSON body may have. Real bodies (snapshots, filters, nested
 * relational payloads) stay far below it; thousands of levels would overflow the stack of the recursive
 * code that walks bodies (validation pipe, filters, payload checks) and surface as a 500.
 */
export const MAX_JSON_DEPTH = 100;

/** Whether a parsed JSON value nests objects/arrays deeper than `max`; iterative, so any depth is safe to measure. */
export function jsonDepthExceeds(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** Refuses a parsed JSON body nested deeper than MAX_JSON_DEPTH with 400 INVALID_PAYLOAD. */
export function limitJsonDepth() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (jsonDepthExceeds(req.body, MAX_JSON_DEPTH)) {
      next(new InvalidPayloadError(`Request body is nested deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    next();
  };
}

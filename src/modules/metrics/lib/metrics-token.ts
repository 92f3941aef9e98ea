import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether `authorization` is `Metrics <token>` with one of `tokens`, as the reference platform reads
 * it: two parts split on a space, the scheme in any case. Tokens are compared by their digests in
 * constant time, so the answer's timing does not give a token away.
 */
export function hasMetricsToken(authorization: string | undefined, tokens: readonly string[]): boolean {
  if (!authorization || tokens.length === 0) return false;
  const parts = authorization.split(' ');
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'metrics') return false;
  const presented = digest(parts[1]);
  let match = false;
  for (const token of tokens) match = timingSafeEqual(presented, digest(token)) || match;
  return match;
}

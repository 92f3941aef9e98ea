export type AuthMode = 'public' | 'handshake' | 'strict';

export interface UpgradeInput {
  pathname: string | null;
  path: string;
  mode: AuthMode;
  open: number;
  limit: number;
  token: string | null;
}

/**
 * What to do with an HTTP upgrade request:
 * - `refuse-path`: not the socket's path; the socket is destroyed (no other upgrade handler exists);
 * - `refuse-limit`: WEBSOCKETS_REST_CONN_LIMIT reached, 403 as the reference;
 * - `refuse-auth`: strict mode without `?access_token=`, 401;
 * - `verify-token`: a token on the URL (required in strict mode, allowed in the others, as the
 *   reference's token upgrade): it must verify before accepting, 401 otherwise;
 * - `handshake`: accept, the first message must authenticate;
 * - `public`: accept as the public role.
 */
export type UpgradeDecision = 'refuse-path' | 'refuse-limit' | 'refuse-auth' | 'verify-token' | 'handshake' | 'public';

export function decideUpgrade(input: UpgradeInput): UpgradeDecision {
  if (input.pathname !== input.path) return 'refuse-path';
  if (input.open >= input.limit) return 'refuse-limit';
  if (input.token) return 'verify-token';
  return input.mode === 'strict' ? 'refuse-auth' : input.mode;
}

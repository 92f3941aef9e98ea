export type AuthMode = 'public' | 'handshake' | 'strict';

export interface UpgradeInput {
  mode: AuthMode;
  open: number;
  limit: number;
  token: string | null;
}

/**
 * What to do with an HTTP upgrade request on a socket's path (UpgradeRoutes drops the others), for the
 * WebSocket API and GraphQL subscriptions alike:
 * - `refuse-limit`: WEBSOCKETS_*_CONN_LIMIT reached, 403 as the reference;
 * - `refuse-auth`: strict mode without `?access_token=`, 401;
 * - `verify-token`: a token on the URL (required in strict mode, allowed in the others, as the
 *   reference's token upgrade): it must verify before accepting, 401 otherwise;
 * - `handshake`: accept, the first message must authenticate;
 * - `public`: accept as the public role.
 */
export type UpgradeDecision = 'refuse-limit' | 'refuse-auth' | 'verify-token' | 'handshake' | 'public';

export function decideUpgrade(input: UpgradeInput): UpgradeDecision {
  if (input.open >= input.limit) return 'refuse-limit';
  if (input.token) return 'verify-token';
  return input.mode === 'strict' ? 'refuse-auth' : input.mode;
}

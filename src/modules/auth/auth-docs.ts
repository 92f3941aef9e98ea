/** Texts of the sign-in routes' OpenAPI documents, shared by /auth and /shares/auth. */

export const TOKENS_DESCRIPTION =
  '`{ data: { expires, access_token, refresh_token } }` (json); cookie mode sets `svc_refresh_token` and omits ' +
  '`refresh_token`; session mode sets `svc_session_token` and answers `{ data: { expires } }`. `expires` in milliseconds.';

/** The 429 of the sign-in routes (docs/API.md, Sign-in limits). */
export const SOURCE_LIMIT_DESCRIPTION =
  'REQUESTS_EXCEEDED, with Retry-After: past AUTH_LOGIN_IP_ATTEMPTS failed sign-ins from this address within AUTH_LOCKOUT_DURATION.';

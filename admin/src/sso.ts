/** A sign-in provider of `GET /auth`. */
export interface SsoProvider {
  name: string;
  driver: string;
  icon: string | null;
  label: string | null;
}

/** The Studio's own page a single sign-on comes back to; on failure the API sends it `?reason=<code>` instead. */
export const SSO_RETURN_PATH = '/admin/signin';

/**
 * Where a provider's button points: the API's start of the redirect flow, coming back to the sign-in page
 * with `sso` (so it moves on to `from`, the session cookie set) — a relative path, which the API allows.
 */
export function ssoStartUrl(provider: string, from: string | null): string {
  const back = `${SSO_RETURN_PATH}?sso=1&from=${encodeURIComponent(from ?? '/content')}`;
  return `/auth/login/${encodeURIComponent(provider)}?redirect=${encodeURIComponent(back)}`;
}

const REASONS = new Set([
  'INVALID_CREDENTIALS',
  'INVALID_PROVIDER',
  'USER_SUSPENDED',
  'INVALID_OTP',
  'SERVICE_UNAVAILABLE',
]);

/** The `signin` translation key for a failed single sign-on's `reason`, and the values its text shows. */
export function ssoFailure(reason: string): { key: string; values: { reason: string } } {
  return { key: REASONS.has(reason) ? `sso.reason.${reason}` : 'sso.failed', values: { reason } };
}

/** The name a provider's button shows. */
export function ssoProviderName(provider: SsoProvider): string {
  return provider.label ?? provider.name;
}

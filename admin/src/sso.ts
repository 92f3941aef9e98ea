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

const REASONS: Record<string, string> = {
  INVALID_CREDENTIALS: 'The provider signed you in, but this Vellum has no account for you.',
  INVALID_PROVIDER: 'Your account signs in another way (its email belongs to another sign-in method).',
  USER_SUSPENDED: 'Your account is suspended.',
  INVALID_OTP: 'Your account uses two-factor authentication: sign in with your email, password and code.',
  SERVICE_UNAVAILABLE: 'The sign-in provider cannot be reached. Try again later.',
};

/** The message for a failed single sign-on's `reason`. */
export function ssoFailureMessage(reason: string): string {
  return Object.hasOwn(REASONS, reason) ? REASONS[reason] : `The sign-in failed (${reason}).`;
}

/** The label of a provider's button. */
export function ssoButtonLabel(provider: SsoProvider): string {
  return `Sign in with ${provider.label ?? provider.name}`;
}

import type { CookieSerializeOptions } from '@fastify/cookie';
import type { CookieConfig } from '../../../config/app-config';

/**
 * API.md 1.3: both auth cookies are httpOnly on `/`, their lifetime the token's, sent both as Max-Age
 * (seconds) and as Expires for older clients.
 */
export function cookieOptions(cookie: CookieConfig, maxAgeMs?: number, now = Date.now()): CookieSerializeOptions {
  return {
    httpOnly: true,
    path: '/',
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.domain ? { domain: cookie.domain } : {}),
    ...(maxAgeMs !== undefined ? { maxAge: Math.floor(maxAgeMs / 1000), expires: new Date(now + maxAgeMs) } : {}),
  };
}

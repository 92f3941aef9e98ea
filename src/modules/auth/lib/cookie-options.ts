import type { CookieOptions } from 'express';
import type { CookieConfig } from '../../../config/app-config';

/** API.md 1.3: both auth cookies are httpOnly on `/`, their Max-Age the token's lifetime. */
export function cookieOptions(cookie: CookieConfig, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    path: '/',
    secure: cookie.secure,
    sameSite: cookie.sameSite,
    ...(cookie.domain ? { domain: cookie.domain } : {}),
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  };
}

import { createSecretKey, KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import type { AppError } from '../../common/errors/app-error';
import { ForbiddenError, InvalidTokenError, TokenExpiredError } from '../../common/errors/errors';
import { isUuid } from '../../common/is-uuid';

export const JWT_ISSUER = 'vellum';

const keys = new Map<string, KeyObject>();

/**
 * Given a string, jsonwebtoken first tries to parse it as a public key on every call, which costs about a
 * quarter of an authenticated request's CPU; a key object made once per secret skips that.
 */
export function verificationKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export interface AccessTokenPayload {
  /** The user; absent from a share session's token, which carries `share` instead. */
  id?: string;
  role: string | null;
  app_access: boolean;
  admin_access: boolean;
  session?: string;
  /** The role asks for TFA and the user has none yet: clients send the user to set it up (API.md 3.1). */
  enforce_tfa?: boolean;
  /** A share session (POST /shares/auth): the share's id, as the reference's claim. */
  share?: string;
  /** What the share opens, so a client knows which item to show without reading the share. */
  share_scope?: { collection: string; item: string };
}

export function signAccessToken(payload: AccessTokenPayload, secret: string, ttlMs: number): string {
  return jwt.sign(payload, secret, { algorithm: 'HS256', issuer: JWT_ISSUER, expiresIn: Math.floor(ttlMs / 1000) });
}

/** True when the string is a JWT issued by Vellum; anything else is treated as a static token. */
export function isVellumJwt(token: string): boolean {
  const decoded = jwt.decode(token, { json: true });
  return decoded !== null && decoded.iss === JWT_ISSUER;
}

/** API.md 1.2: expired → 401 TOKEN_EXPIRED; anything else that fails verification → 403 INVALID_TOKEN. */
export function verificationError(e: unknown): AppError {
  return e instanceof jwt.TokenExpiredError ? new TokenExpiredError() : new InvalidTokenError();
}

/**
 * A verified payload without the claims Vellum signs, in the shapes it signs them (user and role ids are
 * UUIDs, which reach queries), is forged or from another issuer: 403 INVALID_TOKEN.
 */
export function accessTokenClaims(payload: jwt.JwtPayload): AccessTokenPayload {
  if (
    !(payload.share === undefined ? isUuid(payload.id) : isShareClaims(payload)) ||
    !('role' in payload) ||
    (payload.role !== null && !isUuid(payload.role)) ||
    typeof payload.app_access !== 'boolean' ||
    typeof payload.admin_access !== 'boolean' ||
    (payload.session !== undefined && typeof payload.session !== 'string') ||
    (payload.enforce_tfa !== undefined && typeof payload.enforce_tfa !== 'boolean')
  ) {
    throw new InvalidTokenError();
  }
  return payload as AccessTokenPayload;
}

/** A share session's token names the share and its scope, and no user, role or access. */
function isShareClaims(payload: jwt.JwtPayload): boolean {
  const scope: unknown = payload.share_scope;
  return (
    payload.id === undefined &&
    isUuid(payload.share) &&
    payload.role === null &&
    payload.admin_access === false &&
    payload.app_access === false &&
    typeof scope === 'object' &&
    scope !== null &&
    typeof (scope as Record<string, unknown>).collection === 'string' &&
    typeof (scope as Record<string, unknown>).item === 'string'
  );
}

/** Verifies an access token outside a request (the session cookie presented to refresh and logout). */
export function verifyAccessToken(token: string, secret: string): AccessTokenPayload {
  return accessTokenClaims(verify(token, secret));
}

/**
 * Single-purpose tokens (password reset, invite): `scope` says what they may be used for. `now` is the
 * injected clock's reading (common/clock), so issue and expiry follow the same time.
 */
export function signScopedToken(
  scope: string,
  claims: Record<string, unknown>,
  secret: string,
  ttlMs: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  return jwt.sign({ ...claims, scope, iat }, secret, {
    algorithm: 'HS256',
    issuer: JWT_ISSUER,
    expiresIn: Math.floor(ttlMs / 1000),
  });
}

/** Expired → 401 TOKEN_EXPIRED; forged or malformed → 403 INVALID_TOKEN; another scope → 403 FORBIDDEN. */
export function verifyScopedToken(token: string, secret: string, scope: string, now = Date.now()): jwt.JwtPayload {
  const payload = verify(token, secret, now);
  if (payload.scope !== scope) throw new ForbiddenError();
  return payload;
}

function verify(token: string, secret: string, now = Date.now()): jwt.JwtPayload {
  try {
    const options = { algorithms: ['HS256' as const], issuer: JWT_ISSUER, clockTimestamp: Math.floor(now / 1000) };
    return jwt.verify(token, verificationKey(secret), options) as jwt.JwtPayload;
  } catch (e) {
    throw verificationError(e);
  }
}

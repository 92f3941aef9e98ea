import { createSecretKey, KeyObject } from 'node:crypto';
import * as jwt from 'jsonwebtoken';
import { ForbiddenError, InvalidTokenError, TokenExpiredError } from '../../common/errors/errors';

export const JWT_ISSUER = 'vellum';

const keys = new Map<string, KeyObject>();

/**
 * Given a string, jsonwebtoken first tries to parse it as a public key on every call, which costs about a
 * quarter of an authenticated request's CPU; a key object made once per secret skips that.
 */
function verificationKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export interface AccessTokenPayload {
  id: string;
  role: string | null;
  app_access: boolean;
  admin_access: boolean;
  session?: string;
  /** The role asks for TFA and the user has none yet: clients send the user to set it up (API.md 3.1). */
  enforce_tfa?: boolean;
}

export function signAccessToken(payload: AccessTokenPayload, secret: string, ttlMs: number): string {
  return jwt.sign(payload, secret, { algorithm: 'HS256', issuer: JWT_ISSUER, expiresIn: Math.floor(ttlMs / 1000) });
}

/** True when the string is a JWT issued by Vellum; anything else is treated as a static token. */
export function isVellumJwt(token: string): boolean {
  const decoded = jwt.decode(token, { json: true });
  return decoded !== null && decoded.iss === JWT_ISSUER;
}

/** API.md 1.2: expired → 401 TOKEN_EXPIRED; forged, malformed or missing claims → 403 INVALID_TOKEN. */
export function verifyAccessToken(token: string, secret: string): AccessTokenPayload {
  let payload: jwt.JwtPayload;
  try {
    payload = jwt.verify(token, verificationKey(secret), { algorithms: ['HS256'], issuer: JWT_ISSUER }) as jwt.JwtPayload;
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new TokenExpiredError();
    throw new InvalidTokenError();
  }
  if (
    typeof payload.id !== 'string' ||
    !('role' in payload) ||
    typeof payload.app_access !== 'boolean' ||
    typeof payload.admin_access !== 'boolean'
  ) {
    throw new InvalidTokenError();
  }
  return payload as AccessTokenPayload;
}

/** Single-purpose tokens (password reset, invite): `scope` says what they may be used for. */
export function signScopedToken(scope: string, claims: Record<string, unknown>, secret: string, ttlMs: number): string {
  return jwt.sign({ ...claims, scope }, secret, { algorithm: 'HS256', issuer: JWT_ISSUER, expiresIn: Math.floor(ttlMs / 1000) });
}

/** Expired → 401 TOKEN_EXPIRED; forged or malformed → 403 INVALID_TOKEN; another scope → 403 FORBIDDEN. */
export function verifyScopedToken(token: string, secret: string, scope: string): jwt.JwtPayload {
  let payload: jwt.JwtPayload;
  try {
    payload = jwt.verify(token, verificationKey(secret), { algorithms: ['HS256'], issuer: JWT_ISSUER }) as jwt.JwtPayload;
  } catch (e) {
    if (e instanceof jwt.TokenExpiredError) throw new TokenExpiredError();
    throw new InvalidTokenError();
  }
  if (payload.scope !== scope) throw new ForbiddenError();
  return payload;
}

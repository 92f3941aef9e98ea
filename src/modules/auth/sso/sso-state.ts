import { InvalidCredentialsError } from '../../../common/errors/errors';
import { signScopedToken, verifyScopedToken } from '../../tokens/jwt';

/** What a redirect sign-in remembers between its start and the provider's callback, in a signed cookie. */
export interface SsoState {
  provider: string;
  verifier: string;
  state: string;
  redirect: string | null;
  prompt: boolean;
  otp: string | null;
}

const SCOPE = 'sso-state';
/** Long enough to type a password and approve at the provider, as the reference allows. */
export const SSO_STATE_TTL_MS = 5 * 60_000;

export function signSsoState(state: SsoState, secret: string): string {
  return signScopedToken(SCOPE, { ...state }, secret, SSO_STATE_TTL_MS);
}

/** A missing, expired, forged or other provider's cookie: the callback cannot be this browser's sign-in. */
export function verifySsoState(token: string | undefined, secret: string, provider: string): SsoState {
  if (!token) throw new InvalidCredentialsError();
  let claims: Record<string, unknown>;
  try {
    claims = verifyScopedToken(token, secret, SCOPE);
  } catch {
    throw new InvalidCredentialsError();
  }
  if (claims.provider !== provider || typeof claims.verifier !== 'string' || typeof claims.state !== 'string') {
    throw new InvalidCredentialsError();
  }
  return {
    provider,
    verifier: claims.verifier,
    state: claims.state,
    redirect: typeof claims.redirect === 'string' ? claims.redirect : null,
    prompt: claims.prompt === true,
    otp: typeof claims.otp === 'string' ? claims.otp : null,
  };
}

import { lazyModule } from '../../../common/lazy-module';

const otplib = lazyModule(() => require('otplib') as typeof import('otplib'));

/** One code of tolerance either side of now, for clocks that drift a little (otplib's usual window). */
const EPOCH_TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return otplib().generateSecret();
}

export function totpUrl(secret: string, issuer: string, label: string): string {
  return otplib().generateURI({ issuer, label, secret });
}

/** False for a wrong, malformed or missing code. */
export function isValidTotp(secret: string, otp: string | undefined | null): boolean {
  return totpTimeStep(secret, otp) !== null;
}

/**
 * The time step (30-second period since the epoch) a right code belongs to, so a sign-in can refuse
 * a step already used; null for a wrong, malformed or missing code (otplib throws on anything that is
 * not 6 digits).
 */
export function totpTimeStep(secret: string, otp: string | undefined | null): number | null {
  if (!otp) return null;
  try {
    const result = otplib().verifySync({ secret, token: otp, epochTolerance: EPOCH_TOLERANCE_SECONDS });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

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

/** False for a wrong, malformed or missing code (otplib throws on anything that is not 6 digits). */
export function isValidTotp(secret: string, otp: string | undefined | null): boolean {
  if (!otp) return false;
  try {
    return otplib().verifySync({ secret, token: otp, epochTolerance: EPOCH_TOLERANCE_SECONDS }).valid;
  } catch {
    return false;
  }
}

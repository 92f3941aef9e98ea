import { generateSync } from 'otplib';
import { isValidTotp, newTotpSecret, totpUrl } from './totp';

describe('totp', () => {
  const secret = newTotpSecret();
  const now = Math.floor(Date.now() / 1000);
  it.each([
    ['the current code', generateSync({ secret }), true],
    ['the previous code', generateSync({ secret, epoch: now - 30 }), true],
    ['a code from two minutes ago', generateSync({ secret, epoch: now - 120 }), false],
    ['five digits', '12345', false],
    ['letters', 'abcdef', false],
    ['nothing', undefined, false],
  ])('%s → %s', (_label, otp, expected) => expect(isValidTotp(secret, otp)).toBe(expected));

  it('names the issuer and the account in the otpauth URL', () => {
    expect(totpUrl(secret, 'Vellum', 'a@b.example')).toBe(`otpauth://totp/Vellum:a%40b.example?secret=${secret}&issuer=Vellum`);
  });
});

import { generateSync } from 'otplib';
import { isValidTotp, newTotpSecret, totpTimeStep, totpUrl } from './totp';

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

  it.each([
    ['the current code', 0, 0],
    ['the previous code', -30, -1],
    ['the next code', 30, 1],
    ['a code from two minutes ago', -120, null],
  ])('totpTimeStep: %s (%i s away) → %s steps from now', (_label, offset, steps) => {
    const at = Math.floor(Date.now() / 1000);
    const expected = steps === null ? null : Math.floor(at / 30) + steps;
    expect(totpTimeStep(secret, generateSync({ secret, epoch: at + offset }))).toBe(expected);
  });

  it.each([
    ['five digits', '12345'],
    ['letters', 'abcdef'],
    ['nothing', undefined],
    ['empty', ''],
  ])('totpTimeStep: %s → null', (_label, otp) => expect(totpTimeStep(secret, otp)).toBeNull());

  it('names the issuer and the account in the otpauth URL', () => {
    expect(totpUrl(secret, 'Vellum', 'a@b.example')).toBe(
      `otpauth://totp/Vellum:a%40b.example?secret=${secret}&issuer=Vellum`,
    );
  });
});

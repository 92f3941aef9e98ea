import { InvalidCredentialsError } from '../../../common/errors/errors';
import { signScopedToken } from '../../tokens/jwt';
import { signSsoState, SsoState, verifySsoState } from './sso-state';

const SECRET = 'a-secret-long-enough-for-the-tests-0123456789';
const STATE: SsoState = { provider: 'corp', verifier: 'v', state: 's', redirect: '/admin', prompt: false, otp: null };

describe(verifySsoState.name, () => {
  it('gives back the state it signed', () => {
    expect(verifySsoState(signSsoState(STATE, SECRET), SECRET, 'corp')).toEqual(STATE);
  });

  it.each([
    ['no cookie', undefined, 'corp'],
    ['another provider', signSsoState(STATE, SECRET), 'other'],
    ['another secret', signSsoState(STATE, 'another-secret-long-enough-0123456789abcdef'), 'corp'],
    ['another scope', signScopedToken('password-reset', { ...STATE }, SECRET, 60_000), 'corp'],
    ['no verifier', signScopedToken('sso-state', { ...STATE, verifier: 1 }, SECRET, 60_000), 'corp'],
    ['expired', signScopedToken('sso-state', { ...STATE }, SECRET, -60_000), 'corp'],
    ['junk', 'not-a-jwt', 'corp'],
  ])('refuses %s', (_, token, provider) => {
    expect(() => verifySsoState(token, SECRET, provider)).toThrow(InvalidCredentialsError);
  });
});

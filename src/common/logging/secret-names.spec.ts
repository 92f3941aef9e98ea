import { isSecretName } from './secret-names';

describe(isSecretName.name, () => {
  it.each([
    ['access_token', true],
    ['refresh_token', true],
    ['token', true],
    ['accessToken', true],
    ['password', true],
    ['new_password', true],
    ['tfa_secret', true],
    ['SECRET', true],
    ['otp', true],
    ['authorization', true],
    ['set-cookie', true],
    ['X-Amz-Signature', true],
    ['AWSAccessKeyId', true],
    ['filter[token][_eq]', true],
    ['fields', false],
    ['footprint', false],
    ['key', false],
    ['tokens_used', false],
    ['email', false],
    ['query', false],
  ])('%s → %s', (name, secret) => expect(isSecretName(name)).toBe(secret));
});

import { FailedValidationError, InvalidPayloadError } from '../../../common/errors/errors';
import { assertPasswordPolicy } from './password-policy';

describe(assertPasswordPolicy.name, () => {
  it.each([
    ['short', null, true],
    ['short', '', true],
    ['short', '^.{8,}$', false],
    ['long-enough', '^.{8,}$', true],
    ['Short1', '/^(?=.*[A-Z])(?=.*\\d).{6,}$/', true],
    ['short1', '/^(?=.*[A-Z])(?=.*\\d).{6,}$/', false],
    ['ABC', '/^abc$/i', true],
  ])('%j under %j → allowed %s', (password, policy, allowed) => {
    const check = () => assertPasswordPolicy(password, policy);
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(FailedValidationError);
  });

  it.each([null, '', '^.*$'])('refuses an empty password under %j', (policy) => {
    expect(() => assertPasswordPolicy('', policy)).toThrow(InvalidPayloadError);
  });
});

import { FailedValidationError, InvalidPayloadError } from '../../../common/errors/errors';

/**
 * `settings.auth_password_policy` is a regular expression, written plain (`^.{8,}$`) or with slashes
 * and flags (`/^.{8,}$/u`) as the reference platform's settings store it.
 */
export function passwordPolicyRegex(policy: string): RegExp {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(policy);
  return slashed ? new RegExp(slashed[1], slashed[2]) : new RegExp(policy);
}

/**
 * Throws FAILED_VALIDATION (API.md 3.4) when the password does not match the policy; no policy allows
 * any password but an empty one, which is INVALID_PAYLOAD on every path: no sign-in can match it, so
 * it would lock the user out.
 */
export function assertPasswordPolicy(password: string, policy: string | null | undefined): void {
  if (password === '') throw new InvalidPayloadError('"password" can\'t be empty');
  if (!policy) return;
  if (!passwordPolicyRegex(policy).test(password)) {
    throw new FailedValidationError(
      { field: 'password', path: [], type: 'regex', substring: policy },
      "Provided password doesn't match password policy.",
    );
  }
}

import { FailedValidationError } from '../../../common/errors/errors';

/**
 * `settings.auth_password_policy` is a regular expression, written plain (`^.{8,}$`) or with slashes
 * and flags (`/^.{8,}$/u`) as the reference platform's settings store it.
 */
export function passwordPolicyRegex(policy: string): RegExp {
  const slashed = /^\/(.*)\/([a-z]*)$/s.exec(policy);
  return slashed ? new RegExp(slashed[1], slashed[2]) : new RegExp(policy);
}

/** Throws FAILED_VALIDATION (API.md 3.4) when the password does not match the policy; no policy allows anything. */
export function assertPasswordPolicy(password: string, policy: string | null | undefined): void {
  if (!policy) return;
  if (!passwordPolicyRegex(policy).test(password)) {
    throw new FailedValidationError(
      { field: 'password', path: [], type: 'regex', substring: policy },
      'Provided password doesn\'t match password policy.',
    );
  }
}

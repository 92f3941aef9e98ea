import { AppError } from '../../common/errors/app-error';
import { InvalidPayloadError } from '../../common/errors/errors';
import { isPlainObject } from '../../common/is-plain-object';
import { parseTransformParams } from '../files/transform/parse-transform';
import { passwordPolicyRegex } from '../users/lib/password-policy';

const TRANSFORM_MODES = ['all', 'presets', 'none'];

/**
 * The settings other features parse each time they use them (API.md 12): the password policy on every
 * password change, the asset presets and mode on every transformation. A value that would not parse is
 * refused when written (INVALID_PAYLOAD), or each of those later requests would fail with a 500.
 */
export function checkSettingsInput(input: unknown): void {
  if (!isPlainObject(input)) return;
  const policy = input.auth_password_policy;
  if (policy !== undefined && policy !== null) {
    if (typeof policy !== 'string')
      throw new InvalidPayloadError('"auth_password_policy" must be a regular expression or null');
    try {
      passwordPolicyRegex(policy);
    } catch {
      throw new InvalidPayloadError('"auth_password_policy" is not a valid regular expression');
    }
  }
  const mode = input.storage_asset_transform;
  if (mode !== undefined && mode !== null && !TRANSFORM_MODES.includes(mode as string)) {
    throw new InvalidPayloadError(`"storage_asset_transform" must be one of ${TRANSFORM_MODES.join(', ')} or null`);
  }
  const presets = input.storage_asset_presets;
  if (presets === undefined || presets === null) return;
  if (!Array.isArray(presets)) throw new InvalidPayloadError('"storage_asset_presets" must be an array or null');
  presets.forEach((preset: unknown, i) => {
    const where = `"storage_asset_presets[${i}]"`;
    if (!isPlainObject(preset) || typeof preset.key !== 'string' || preset.key === '')
      throw new InvalidPayloadError(`${where} must be an object with a "key"`);
    try {
      parseTransformParams(preset, Number.MAX_SAFE_INTEGER);
    } catch (e) {
      if (e instanceof AppError)
        throw new InvalidPayloadError(
          `${where}: ${(e.extensions as { reason?: string } | undefined)?.reason ?? e.message}`,
        );
      throw e;
    }
  });
}

import { InvalidPayloadError } from '../../common/errors/errors';
import { checkSettingsInput } from './check-settings';

describe(checkSettingsInput.name, () => {
  it.each([
    [{ project_name: 'x' }],
    [
      {
        auth_password_policy: '/^.{8,}$/u',
        storage_asset_transform: 'presets',
        storage_asset_presets: [{ key: 'thumb', width: 64, fit: 'cover' }],
      },
    ],
    [{ auth_password_policy: '^.{12,}$', storage_asset_transform: null, storage_asset_presets: null }],
    [[{ id: 1 }]],
  ])('accepts %j', (input) => expect(() => checkSettingsInput(input)).not.toThrow());

  it.each([
    [{ auth_password_policy: '[1,2' }, '"auth_password_policy" is not a valid regular expression'],
    [{ auth_password_policy: ['x'] }, '"auth_password_policy" must be'],
    [{ storage_asset_transform: 'junk' }, '"storage_asset_transform" must be one of'],
    [{ storage_asset_presets: 'x' }, '"storage_asset_presets" must be an array'],
    [{ storage_asset_presets: [{ width: 10 }] }, '"storage_asset_presets[0]" must be an object with a "key"'],
    [{ storage_asset_presets: [{ key: 'a', width: -1 }] }, '"storage_asset_presets[0]"'],
    [{ storage_asset_presets: [{ key: 'a', fit: 'sideways' }] }, '"storage_asset_presets[0]"'],
  ])('refuses %j', (input, message) => {
    expect(() => checkSettingsInput(input)).toThrow(InvalidPayloadError);
    expect(() => checkSettingsInput(input)).toThrow(message);
  });
});

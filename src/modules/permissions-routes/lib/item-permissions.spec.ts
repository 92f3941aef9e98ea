import type { PermissionRule } from '../../permissions/permissions.service';
import { singletonUpdate } from './item-permissions';

const rule = (over: Partial<PermissionRule>): PermissionRule => ({
  fields: null,
  permissions: null,
  validation: null,
  presets: null,
  ...over,
});

describe(singletonUpdate.name, () => {
  it.each<[string, PermissionRule | null, ReturnType<typeof singletonUpdate>]>([
    ['no rule: closed, nothing else said', null, { access: false }],
    ['no field list: every field', rule({}), { access: true, fields: ['*'], presets: {} }],
    [
      '`*` among the fields: every field',
      rule({ fields: ['name', '*'] }),
      { access: true, fields: ['*'], presets: {} },
    ],
    [
      'listed fields as they are',
      rule({ fields: ['name', 'title'] }),
      { access: true, fields: ['name', 'title'], presets: {} },
    ],
    [
      'presets passed on',
      rule({ fields: ['name'], presets: { name: 'x' } }),
      { access: true, fields: ['name'], presets: { name: 'x' } },
    ],
  ])('%s', (_, given, expected) => expect(singletonUpdate(given)).toEqual(expected));
});

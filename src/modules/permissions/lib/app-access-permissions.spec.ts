import type { Permission } from '../permissions.service';
import { APP_ACCESS_PERMISSIONS, withAppAccess } from './app-access-permissions';

const rule = (collection: string, action: Permission['action'], fields: string[] | null = null): Permission => ({
  collection,
  action,
  fields,
  permissions: null,
  validation: null,
  presets: null,
});

describe('withAppAccess', () => {
  it.each([
    ['the schema metadata', 'svc_collections'],
    ['the fields', 'svc_fields'],
    ['the relations', 'svc_relations'],
    ['the settings', 'svc_settings'],
    ['the own user', 'svc_users'],
    ['the own role', 'svc_roles'],
    ['the own activity', 'svc_activity'],
    ['the presets meant for them', 'svc_presets'],
    ['the own notifications', 'svc_notifications'],
    ['the shares they made', 'svc_shares'],
    ['the comments they made', 'svc_comments'],
    ['the translation strings', 'svc_translations'],
  ])('lets an app user read %s', (_name, collection) => {
    expect(withAppAccess([]).find((p) => p.collection === collection && p.action === 'read')).toBeDefined();
  });

  it('grants writes only of the own presets, the status of the own notifications and the own comments', () => {
    const writes = APP_ACCESS_PERMISSIONS.filter((p) => p.action !== 'read').map((p) => [
      p.collection,
      p.action,
      p.fields,
      p.permissions ?? p.validation,
    ]);
    expect(writes).toEqual([
      ['svc_presets', 'create', null, { user: { _eq: '$CURRENT_USER' } }],
      ['svc_presets', 'update', null, { user: { _eq: '$CURRENT_USER' } }],
      ['svc_presets', 'delete', null, { user: { _eq: '$CURRENT_USER' } }],
      ['svc_notifications', 'update', ['status'], { recipient: { _eq: '$CURRENT_USER' } }],
      ['svc_comments', 'create', null, { comment: { _nnull: true } }],
      ['svc_comments', 'update', ['comment'], { user_created: { _eq: '$CURRENT_USER' } }],
      ['svc_comments', 'delete', null, { user_created: { _eq: '$CURRENT_USER' } }],
    ]);
  });

  it('keeps the role its own rule where it has one', () => {
    const own = rule('svc_users', 'read', ['*']);
    const rules = withAppAccess([own]).filter((p) => p.collection === 'svc_users');
    expect(rules).toEqual([own]);
  });

  it('limits the own user to their row and leaves out the static token', () => {
    const users = withAppAccess([]).find((p) => p.collection === 'svc_users')!;
    expect(users.permissions).toEqual({ id: { _eq: '$CURRENT_USER' } });
    expect(users.fields).not.toContain('token');
  });

  it('adds to the rules of other collections', () => {
    expect(withAppAccess([rule('articles', 'read')]).map((p) => p.collection)).toContain('articles');
  });
});

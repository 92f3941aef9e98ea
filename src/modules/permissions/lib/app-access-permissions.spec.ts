import type { Permission } from '../permissions.service';
import { APP_ACCESS_PERMISSIONS, withAppAccess } from './app-access-permissions';

const rule = (collection: string, action: Permission['action'], fields: string[] | null = null): Permission => ({ collection, action, fields, permissions: null, validation: null, presets: null });

describe('withAppAccess', () => {
  it.each([
    ['the schema metadata', 'svc_collections'],
    ['the fields', 'svc_fields'],
    ['the relations', 'svc_relations'],
    ['the settings', 'svc_settings'],
    ['the own user', 'svc_users'],
    ['the own role', 'svc_roles'],
    ['the own activity', 'svc_activity'],
  ])('lets an app user read %s', (_name, collection) => {
    expect(withAppAccess([]).find((p) => p.collection === collection && p.action === 'read')).toBeDefined();
  });

  it('grants nothing but reads', () => {
    expect(APP_ACCESS_PERMISSIONS.every((p) => p.action === 'read')).toBe(true);
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

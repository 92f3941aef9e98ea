import type { Permission } from '../../permissions/permissions.service';
import { collectionAccess } from './collection-access';

const rule = (over: Partial<Permission>): Permission => ({
  collection: 'articles',
  action: 'read',
  fields: null,
  permissions: null,
  validation: null,
  presets: null,
  ...over,
});

describe('collectionAccess', () => {
  it('gives an admin full access with every field on each collection', () => {
    const access = collectionAccess(true, [], ['articles', 'svc_files']);
    expect(Object.keys(access)).toEqual(['articles', 'svc_files']);
    expect(access.articles.delete).toEqual({ access: 'full', fields: ['*'] });
    expect(access.svc_files.share).toEqual({ access: 'full', fields: ['*'] });
  });

  it.each([
    ['a rule without a filter', [rule({ fields: ['title', 'body'] })], { access: 'full', fields: ['title', 'body'] }],
    [
      'a rule with a row filter',
      [rule({ permissions: { status: { _eq: 'published' } } })],
      { access: 'partial', fields: ['*'] },
    ],
    ['an empty filter', [rule({ permissions: {} })], { access: 'full', fields: ['*'] }],
    [
      'fields of two rules',
      [rule({ fields: ['title'] }), rule({ fields: ['body', 'title'] })],
      { access: 'full', fields: ['title', 'body'] },
    ],
    [
      'a wildcard among the fields',
      [rule({ fields: ['title'] }), rule({ fields: ['*'] }), rule({ fields: ['x'] })],
      { access: 'full', fields: ['*'] },
    ],
    [
      'merged presets',
      [rule({ presets: { a: 1 } }), rule({ presets: { b: 2 } })],
      { access: 'full', fields: ['*'], presets: { a: 1, b: 2 } },
    ],
  ])('reads %s', (_name, rules, read) => {
    expect(collectionAccess(false, rules, ['articles']).articles.read).toEqual(read);
  });

  it('lists only collections with a rule, the actions without one as none', () => {
    const access = collectionAccess(false, [rule({ action: 'update', fields: ['title'] })], ['articles', 'other']);
    expect(Object.keys(access)).toEqual(['articles']);
    expect(access.articles).toEqual({
      create: { access: 'none' },
      read: { access: 'none' },
      update: { access: 'full', fields: ['title'] },
      delete: { access: 'none' },
      share: { access: 'none' },
    });
  });
});

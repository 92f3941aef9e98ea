import { AccessTree, GrantFlags, globalsOf, grantsFrom, grantsOf, policyIds, roleChain } from './access-grants';

const none: GrantFlags = { admin: false, app: false, enforceTfa: false, ip: null };
const role = (parent: string | null, flags: Partial<GrantFlags> = {}) => ({ ...none, ...flags, parent });

const tree: AccessTree = {
  roles: new Map([
    ['child', role('parent')],
    ['parent', role('root', { app: true })],
    ['root', role(null)],
    ['loop-a', role('loop-b')],
    ['loop-b', role('loop-a')],
    ['orphan', role('gone')],
  ]),
  policies: new Map<string, GrantFlags>([
    ['public', none],
    ['editor', { ...none, app: true }],
    ['admin', { ...none, admin: true }],
    ['office', { ...none, ip: ['10.0.0.0/8'] }],
    ['tfa', { ...none, enforceTfa: true }],
  ]),
  rolePolicies: new Map<string | null, string[]>([
    [null, ['public']],
    ['child', ['editor']],
    ['root', ['admin', 'editor']],
  ]),
};

describe(roleChain.name, () => {
  it.each<[string, string | null, string[]]>([
    ['no role', null, []],
    ['up to the root', 'child', ['child', 'parent', 'root']],
    ['a cycle ends the chain', 'loop-a', ['loop-a', 'loop-b']],
    ['an unknown parent ends it', 'orphan', ['orphan']],
    ['an unknown role', 'nope', []],
  ])('%s', (_, start, chain) => expect(roleChain(tree, start)).toEqual(chain));
});

describe(grantsOf.name, () => {
  it.each<[string, string | null, string[], string[]]>([
    ['the public', null, [], ['role:$public', 'policy:public']],
    [
      'a user without a role keeps the public and adds their own',
      null,
      ['tfa'],
      ['role:$public', 'policy:public', 'policy:tfa'],
    ],
    [
      'the role chain, each role then its policies, a policy once',
      'child',
      [],
      ['role:child', 'policy:editor', 'role:parent', 'role:root', 'policy:admin'],
    ],
    [
      'own policies after the roles, unknown ones left out',
      'parent',
      ['office', 'nope', 'admin'],
      ['role:parent', 'role:root', 'policy:admin', 'policy:editor', 'policy:office'],
    ],
  ])('%s', (_, start, own, keys) => expect(grantsOf(tree, start, own).map((g) => g.key)).toEqual(keys));
});

describe(grantsFrom.name, () => {
  const grants = grantsOf(tree, null, ['office']);
  it.each<[string, string | null, boolean]>([
    ['inside the range', '10.1.2.3', true],
    ['outside the range', '192.168.0.1', false],
    ['an unknown address', null, false],
  ])('%s', (_, ip, kept) => expect(grantsFrom(grants, ip).some((g) => g.key === 'policy:office')).toBe(kept));
});

describe(globalsOf.name, () => {
  it.each<[string, string | null, string[], ReturnType<typeof globalsOf>]>([
    ['the public', null, [], { admin_access: false, app_access: false, enforce_tfa: false }],
    ['admin through an ancestor', 'child', [], { admin_access: true, app_access: true, enforce_tfa: false }],
    ["app through a role's own flag", 'parent', [], { admin_access: true, app_access: true, enforce_tfa: false }],
    ['two-factor through an own policy', null, ['tfa'], { admin_access: false, app_access: false, enforce_tfa: true }],
  ])('%s', (_, start, own, globals) => expect(globalsOf(grantsOf(tree, start, own))).toEqual(globals));
});

describe(policyIds.name, () => {
  it('lists the policies only', () =>
    expect(policyIds(grantsOf(tree, 'parent', ['tfa']))).toEqual(['admin', 'editor', 'tfa']));
});

import { profileIdentity } from './profile-identity';

describe(profileIdentity.name, () => {
  it.each([
    [
      { sub: 'u1', email: 'a@x.io', given_name: 'Ann', family_name: 'Lee' },
      { identifierKey: 'sub' },
      { identifier: 'u1', email: 'a@x.io', firstName: 'Ann', lastName: 'Lee' },
    ],
    [
      { email: 'a@x.io' },
      { identifierKey: 'sub' },
      { identifier: 'a@x.io', email: 'a@x.io', firstName: null, lastName: null },
    ],
    [
      { id: 42, contact: { mail: 'b@x.io' } },
      { identifierKey: 'id', emailKey: 'contact.mail' },
      { identifier: '42', email: 'b@x.io', firstName: null, lastName: null },
    ],
    [{ sub: { nested: true } }, { identifierKey: 'sub' }, null],
    [{ name: 'x' }, { identifierKey: 'sub' }, null],
    [{ sub: 'u1' }, { identifierKey: '__proto__.x' }, null],
  ])('%j with %j', (profile, keys, identity) => {
    expect(profileIdentity(profile, keys)).toEqual(identity);
  });
});

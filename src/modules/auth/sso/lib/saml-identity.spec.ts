import { SAML_DEFAULT_KEYS, samlIdentity } from './saml-identity';

const { identifierKey: ID, emailKey: MAIL, givenNameKey: GIVEN, familyNameKey: FAMILY } = SAML_DEFAULT_KEYS;

describe(samlIdentity.name, () => {
  it.each([
    [
      { [ID]: 'Ann@X.io', [MAIL]: 'ann@x.io', [GIVEN]: 'Ann', [FAMILY]: 'Lee' },
      {},
      { identifier: 'ann@x.io', email: 'ann@x.io', firstName: 'Ann', lastName: 'Lee' },
    ],
    [
      { [ID]: ['u1', 'u2'], mail: 'b@x.io' },
      { emailKey: 'mail' },
      { identifier: 'u1', email: 'b@x.io', firstName: null, lastName: null },
    ],
    [
      { uid: 'U7', [ID]: 'ignored' },
      { identifierKey: 'uid' },
      { identifier: 'u7', email: null, firstName: null, lastName: null },
    ],
    [{ [MAIL]: 'c@x.io' }, {}, null],
    [{ [ID]: '  ' }, {}, null],
    [{ [ID]: { nested: true } }, {}, null],
    [{}, { identifierKey: 'toString' }, null],
  ])('%j with %j', (attributes, keys, identity) => {
    expect(samlIdentity(attributes, keys)).toEqual(identity);
  });
});

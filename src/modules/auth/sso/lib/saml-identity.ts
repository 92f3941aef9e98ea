import type { ProfileIdentity } from './profile-identity';

/** The claim URIs the reference reads by default (the WS-Federation claims most identity providers send). */
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/';
export const SAML_DEFAULT_KEYS = {
  identifierKey: `${CLAIMS}nameidentifier`,
  emailKey: `${CLAIMS}emailaddress`,
  givenNameKey: `${CLAIMS}givenname`,
  familyNameKey: `${CLAIMS}surname`,
};

export type SamlKeys = Partial<typeof SAML_DEFAULT_KEYS>;

/** Attribute names are URIs full of dots: looked up whole, never as paths. A multi-valued attribute gives its first value. */
function value(attributes: Readonly<Record<string, unknown>>, key: string): string | null {
  if (!Object.prototype.hasOwnProperty.call(attributes, key)) return null;
  const found = attributes[key];
  const one: unknown = Array.isArray(found) ? (found as unknown[])[0] : found;
  return typeof one === 'string' && one.trim() !== '' ? one.trim() : null;
}

/**
 * The person an assertion names. The identifier is lower-cased as the reference stores it, so an IdP
 * that changes the case of a name still signs in the same user. Null: no identifier.
 */
export function samlIdentity(attributes: Readonly<Record<string, unknown>>, keys: SamlKeys): ProfileIdentity | null {
  const identifier = value(attributes, keys.identifierKey || SAML_DEFAULT_KEYS.identifierKey);
  if (!identifier) return null;
  return {
    identifier: identifier.toLowerCase(),
    email: value(attributes, keys.emailKey || SAML_DEFAULT_KEYS.emailKey),
    firstName: value(attributes, keys.givenNameKey || SAML_DEFAULT_KEYS.givenNameKey),
    lastName: value(attributes, keys.familyNameKey || SAML_DEFAULT_KEYS.familyNameKey),
  };
}

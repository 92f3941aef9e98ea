import { XMLParser } from 'fast-xml-parser';

/** What Vellum needs from an identity provider's metadata: who it is, where people sign in, the keys it signs with. */
export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  /** Base64 DER bodies of the signing certificates (a KeyDescriptor without `use` signs too). */
  certificates: string[];
}

/** What Vellum takes from its own (service provider) metadata; either may be absent and is then derived from PUBLIC_URL. */
export interface SpMetadata {
  entityId: string | null;
  acsUrl: string | null;
}

type Element = Record<string, unknown>;

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

// Prefixes dropped (md:, ds:): metadata uses whatever prefixes its producer chose.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  isArray: () => true,
});

/** Metadata is the operator's own text, but a DOCTYPE has no place in it and is where entity expansion attacks live. */
function entity(text: string, what: string): Element {
  if (/<!DOCTYPE/i.test(text)) throw new Error(`${what} must not have a DOCTYPE`);
  let doc: Element;
  try {
    doc = parser.parse(text, true) as Element;
  } catch {
    throw new Error(`${what} is not well-formed XML`);
  }
  const root = first(doc, 'EntityDescriptor') ?? first(first(doc, 'EntitiesDescriptor'), 'EntityDescriptor');
  if (!root) throw new Error(`${what} has no EntityDescriptor`);
  return root;
}

function all<T = Element>(parent: Element | undefined, name: string): T[] {
  const found = parent?.[name];
  return Array.isArray(found) ? (found as T[]) : [];
}

function first(parent: Element | undefined, name: string): Element | undefined {
  return all(parent, name)[0];
}

function attribute(element: Element | undefined, name: string): string | null {
  const value = element?.[`@${name}`];
  const one: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' && one.trim() !== '' ? one.trim() : null;
}

/** A leaf element is its text; one with attributes keeps the text under `#text`. */
function text(element: Element | string | number): string {
  const value = typeof element === 'object' ? element['#text'] : element;
  const one: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof one === 'string' || typeof one === 'number' ? String(one).replace(/\s+/g, '') : '';
}

function located(descriptor: Element | undefined, service: string, binding: string): string | null {
  return attribute(
    all(descriptor, service).find((s) => attribute(s, 'Binding') === binding),
    'Location',
  );
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  const root = entity(xml, 'the IdP metadata');
  const descriptor = first(root, 'IDPSSODescriptor');
  const entityId = attribute(root, 'entityID');
  const ssoUrl = located(descriptor, 'SingleSignOnService', REDIRECT_BINDING);
  const certificates = all(descriptor, 'KeyDescriptor')
    .filter((key) => [null, 'signing'].includes(attribute(key, 'use')))
    .flatMap((key) => all<Element | string>(first(first(key, 'KeyInfo'), 'X509Data'), 'X509Certificate'))
    .map(text)
    .filter((c) => c !== '');
  if (!entityId) throw new Error('the IdP metadata has no entityID');
  if (!ssoUrl) throw new Error('the IdP metadata has no SingleSignOnService with the HTTP-Redirect binding');
  if (certificates.length === 0) throw new Error('the IdP metadata has no signing certificate');
  return { entityId, ssoUrl, certificates };
}

/** Empty metadata is allowed, as on the reference: Vellum then describes itself from PUBLIC_URL. */
export function parseSpMetadata(xml: string): SpMetadata {
  if (xml.trim() === '') return { entityId: null, acsUrl: null };
  const root = entity(xml, 'the SP metadata');
  return {
    entityId: attribute(root, 'entityID'),
    acsUrl: located(first(root, 'SPSSODescriptor'), 'AssertionConsumerService', POST_BINDING),
  };
}

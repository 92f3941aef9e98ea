import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { XMLParser } from 'fast-xml-parser';
import { InvalidCredentialsError } from '../../../common/errors/errors';
import { isPrototypeKey } from '../../../common/prototype-keys';
import type { AuthProviderConfig } from '../../../config/auth-providers-config';
import { parseIdpMetadata, parseSpMetadata } from '../../../config/saml-metadata';
import { SAML_DEFAULT_KEYS } from './lib/saml-identity';
import { SamlRequestCache } from './lib/saml-request-cache';
import { SSO_STATE_TTL_MS } from './sso-state';

/** Clocks of the IdP and Vellum may differ a little; more would stretch every assertion's lifetime. */
const CLOCK_SKEW_MS = 30_000;
/** Requests sent and assertions consumed that are remembered (each), so memory stays bounded under any load. */
const MAX_REMEMBERED = 10_000;

const rootParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  stopNodes: ['*.*'],
});

/** The part of node-saml's parsed assertion (xml2js) that identifies it and says until when it is valid. */
type ParsedAssertion = { Assertion?: { $?: { ID?: string }; Conditions?: { $?: { NotOnOrAfter?: string } }[] } };

function pem(certificate: string): string {
  return `-----BEGIN CERTIFICATE-----\n${certificate.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
}

/**
 * The saml driver over @node-saml/node-saml: the SP-initiated redirect to the IdP, and the assertion
 * consumer's checks. The library verifies the signatures (response AND assertion must be signed by a key
 * of the IdP metadata; it refuses wrapped or multiple assertions), the issuer, the audience (this SP's
 * entity ID), the validity window, and that an answer to one of our requests is answered once. On top:
 * no DOCTYPE (entity tricks), the Destination must be this ACS, and an assertion is consumed only once.
 */
export class SamlClient {
  readonly metadata: string;
  private readonly saml: SAML;
  private readonly acsUrl: string;
  private readonly consumed = new Map<string, number>();

  constructor(provider: AuthProviderConfig, publicUrl: string) {
    const idp = parseIdpMetadata(provider.options.idpMetadata);
    const sp = parseSpMetadata(provider.options.spMetadata ?? '');
    const base = `${publicUrl}/auth/login/${encodeURIComponent(provider.name)}`;
    this.acsUrl = sp.acsUrl ?? `${base}/acs`;
    const entityId = sp.entityId ?? `${base}/metadata`;
    this.saml = new SAML({
      idpCert: idp.certificates.map(pem),
      entryPoint: idp.ssoUrl,
      idpIssuer: idp.entityId,
      issuer: entityId,
      audience: entityId,
      callbackUrl: this.acsUrl,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      requestIdExpirationPeriodMs: SSO_STATE_TTL_MS,
      cacheProvider: new SamlRequestCache(SSO_STATE_TTL_MS, MAX_REMEMBERED),
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      // The IdP chooses the NameID format and how the person authenticates (password, key, MFA).
      identifierFormat: null,
      disableRequestedAuthnContext: true,
    });
    this.metadata = provider.options.spMetadata?.trim()
      ? provider.options.spMetadata
      : this.saml.generateServiceProviderMetadata(null, null);
  }

  authorizationUrl(relayState: string): Promise<string> {
    return this.saml.getAuthorizeUrlAsync(relayState, undefined, {});
  }

  /** The assertion's attributes (the NameID under the nameidentifier claim when no attribute has it), once checked. */
  async attributes(samlResponse: unknown): Promise<Record<string, unknown>> {
    if (typeof samlResponse !== 'string' || samlResponse === '') throw new InvalidCredentialsError();
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    if (/<!DOCTYPE/i.test(xml) || this.destination(xml) === false) throw new InvalidCredentialsError();
    let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
    try {
      ({ profile } = await this.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch {
      throw new InvalidCredentialsError();
    }
    if (!profile) throw new InvalidCredentialsError();
    this.consumeOnce(profile.getAssertion?.());
    const attributes = Object.create(null) as Record<string, unknown>;
    for (const [key, value] of Object.entries((profile.attributes ?? {}) as Record<string, unknown>)) {
      if (!isPrototypeKey(key)) attributes[key] = value;
    }
    if (profile.nameID && attributes[SAML_DEFAULT_KEYS.identifierKey] === undefined)
      attributes[SAML_DEFAULT_KEYS.identifierKey] = profile.nameID;
    return attributes;
  }

  /** A response meant for another SP's ACS must not sign in here (its signature covers the Destination). Absent: allowed. */
  private destination(xml: string): boolean | null {
    try {
      const root = (rootParser.parse(xml) as Record<string, Record<string, string> | undefined>).Response;
      const destination = root?.['@Destination'];
      return destination === undefined ? null : destination === this.acsUrl;
    } catch {
      return false;
    }
  }

  private consumeOnce(doc: ParsedAssertion | undefined): void {
    const id = doc?.Assertion?.$?.ID;
    if (!id) throw new InvalidCredentialsError();
    const now = Date.now();
    if ((this.consumed.get(id) ?? 0) > now) throw new InvalidCredentialsError();
    if (this.consumed.size >= MAX_REMEMBERED) {
      for (const [key, until] of this.consumed) if (until <= now) this.consumed.delete(key);
      // Only validly signed assertions get here; past the bound the oldest is the one least likely replayed.
      if (this.consumed.size >= MAX_REMEMBERED) this.consumed.delete(this.consumed.keys().next().value!);
    }
    const notOnOrAfter = Date.parse(doc.Assertion?.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
    // Without an end the library accepted it for good; remember it for as long as a sign-in may take.
    this.consumed.set(id, (Number.isNaN(notOnOrAfter) ? now + SSO_STATE_TTL_MS : notOnOrAfter) + CLOCK_SKEW_MS);
  }
}

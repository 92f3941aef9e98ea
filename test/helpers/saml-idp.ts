import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

export const IDP_ENTITY = 'https://idp.test/metadata';
export const IDP_SSO_URL = 'https://idp.test/sso';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/';

interface KeyPair {
  key: string;
  cert: string;
}

/** What the IdP asserts, and how the test bends it: who signs what, and for whom. */
export interface AssertionSpec {
  nameId: string;
  attributes?: Record<string, string>;
  inResponseTo?: string;
  audience: string;
  destination: string;
  /** Minutes from now the assertion stops being valid (negative: already expired). */
  validForMinutes?: number;
  signedBy?: 'idp' | 'other' | 'none';
  responseSigned?: boolean;
}

function keyPair(dir: string, name: string): KeyPair {
  const key = join(dir, `${name}.key`);
  const cert = join(dir, `${name}.crt`);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

function certBody(pem: string): string {
  return pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
}

function sign(xml: string, element: 'Assertion' | 'Response', pair: KeyPair): string {
  const signer = new SignedXml({
    privateKey: pair.key,
    publicCert: pair.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const path = element === 'Assertion' ? "//*[local-name(.)='Assertion']" : "/*[local-name(.)='Response']";
  signer.addReference({
    xpath: path,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  // The signature goes right after the element's Issuer, where the SAML schema has it.
  signer.computeSignature(xml, { location: { reference: `${path}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

/**
 * A SAML identity provider built in the test: its metadata, and responses signed with xml-crypto as a real
 * IdP signs them (or not, or with another key), so the assertion consumer is tested against real XML signatures.
 */
export class TestSamlIdp {
  private readonly dir = mkdtempSync(join(tmpdir(), 'vellum-saml-'));
  private readonly idp = keyPair(this.dir, 'idp');
  private readonly other = keyPair(this.dir, 'other');
  private server?: Server;
  private ssoUrl = IDP_SSO_URL;

  /**
   * Serves the IdP's sign-in page on 127.0.0.1 for a browser: it signs `person` in at once and posts the
   * response to the ACS with the RelayState, as a real IdP's page does. Call before metadata().
   */
  async serve(person: Omit<AssertionSpec, 'inResponseTo'>): Promise<void> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.ssoUrl);
      const fields = {
        SAMLResponse: this.response({ ...person, inResponseTo: this.requestId(url.href) }),
        RelayState: url.searchParams.get('RelayState') ?? '',
      };
      const inputs = Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`)
        .join('');
      res.setHeader('Content-Type', 'text/html');
      res.end(
        `<!doctype html><html lang="en"><title>IdP</title><form method="post" action="${person.destination}">${inputs}</form><script>document.forms[0].submit()</script></html>`,
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.ssoUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/sso`;
  }

  metadata(): string {
    return [
      `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${IDP_ENTITY}">`,
      '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
      '<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data>',
      `<ds:X509Certificate>${certBody(this.idp.cert)}</ds:X509Certificate>`,
      '</ds:X509Data></ds:KeyInfo></md:KeyDescriptor>',
      `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${this.ssoUrl}"/>`,
      '</md:IDPSSODescriptor></md:EntityDescriptor>',
    ].join('');
  }

  /** The ID of the AuthnRequest in a redirect to the IdP (HTTP-Redirect binding: deflated, base64). */
  requestId(location: string): string {
    const request = inflateRawSync(Buffer.from(new URL(location).searchParams.get('SAMLRequest')!, 'base64')).toString(
      'utf8',
    );
    return /\sID="([^"]+)"/.exec(request)![1];
  }

  /** The response XML before encoding, for tests that tamper with it. */
  responseXml(spec: AssertionSpec): string {
    const now = new Date();
    const until = new Date(now.getTime() + (spec.validForMinutes ?? 5) * 60_000).toISOString();
    const inResponseTo = spec.inResponseTo ? ` InResponseTo="${spec.inResponseTo}"` : '';
    const attributes = Object.entries(spec.attributes ?? {})
      .map(
        ([name, value]) =>
          `<saml:Attribute Name="${CLAIMS}${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`,
      )
      .join('');
    let assertion =
      `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_a${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}">` +
      `<saml:Issuer>${IDP_ENTITY}</saml:Issuer>` +
      `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${spec.nameId}</saml:NameID>` +
      `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${until}" Recipient="${spec.destination}"/></saml:SubjectConfirmation></saml:Subject>` +
      `<saml:Conditions NotBefore="${new Date(now.getTime() - 60_000).toISOString()}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${spec.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
      `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
      `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
      '</saml:Assertion>';
    const pair = spec.signedBy === 'other' ? this.other : this.idp;
    if (spec.signedBy !== 'none') assertion = sign(assertion, 'Assertion', pair);
    const response =
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${spec.destination}"${inResponseTo}>` +
      `<saml:Issuer>${IDP_ENTITY}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    return spec.signedBy === 'none' || spec.responseSigned === false ? response : sign(response, 'Response', pair);
  }

  response(spec: AssertionSpec): string {
    return Buffer.from(this.responseXml(spec)).toString('base64');
  }

  async close(): Promise<void> {
    if (this.server) await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

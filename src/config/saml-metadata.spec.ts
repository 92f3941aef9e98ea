import { parseIdpMetadata, parseSpMetadata } from './saml-metadata';

const key = (use: string | null, cert: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
const sso = (binding: string) =>
  `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${binding}" Location="https://idp.test/sso/${binding}"/>`;
const idp = (inner: string, entityId = 'https://idp.test/meta') =>
  `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}"><md:IDPSSODescriptor>${inner}</md:IDPSSODescriptor></md:EntityDescriptor>`;

describe(parseIdpMetadata.name, () => {
  it('reads the entity, the redirect sign-in URL and the signing certificates only', () => {
    const xml = idp(
      key('signing', '\n  MIIB\n  abc=\n') +
        key('encryption', 'ENC') +
        key(null, 'BOTH') +
        sso('HTTP-POST') +
        sso('HTTP-Redirect'),
    );
    expect(parseIdpMetadata(xml)).toEqual({
      entityId: 'https://idp.test/meta',
      ssoUrl: 'https://idp.test/sso/HTTP-Redirect',
      certificates: ['MIIBabc=', 'BOTH'],
    });
  });

  it('finds the entity inside an EntitiesDescriptor', () => {
    const xml = `<EntitiesDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata">${idp(key(null, 'C') + sso('HTTP-Redirect')).replace(/md:/g, '')}</EntitiesDescriptor>`;
    expect(parseIdpMetadata(xml).certificates).toEqual(['C']);
  });

  it.each([
    ['<md:EntityDescriptor', 'not well-formed'],
    ['<other/>', 'no EntityDescriptor'],
    [idp(key(null, 'C') + sso('HTTP-Redirect'), ''), 'no entityID'],
    [idp(key(null, 'C') + sso('HTTP-POST')), 'HTTP-Redirect binding'],
    [idp(key('encryption', 'C') + sso('HTTP-Redirect')), 'no signing certificate'],
    ['<!DOCTYPE x [<!ENTITY a "aaaa">]>' + idp(key(null, '&a;') + sso('HTTP-Redirect')), 'DOCTYPE'],
  ])('refuses %s', (xml, reason) => {
    expect(() => parseIdpMetadata(xml)).toThrow(reason);
  });
});

describe(parseSpMetadata.name, () => {
  it('reads the entity and the POST assertion consumer; empty metadata is allowed', () => {
    const xml =
      '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://sp.test"><SPSSODescriptor>' +
      '<AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://sp.test/acs"/></SPSSODescriptor></EntityDescriptor>';
    expect(parseSpMetadata(xml)).toEqual({ entityId: 'https://sp.test', acsUrl: 'https://sp.test/acs' });
    expect(parseSpMetadata('  ')).toEqual({ entityId: null, acsUrl: null });
  });
});

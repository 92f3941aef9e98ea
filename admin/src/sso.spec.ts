import { ssoFailure, ssoProviderName, ssoStartUrl } from './sso';

describe(ssoStartUrl.name, () => {
  it.each([
    ['corp', null, '/auth/login/corp?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Fcontent'],
    ['corp', '/files/abc', '/auth/login/corp?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Ffiles%252Fabc'],
    ['a b', null, '/auth/login/a%20b?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Fcontent'],
  ])('%s from %s', (provider, from, url) => {
    expect(ssoStartUrl(provider, from)).toBe(url);
  });
});

describe(ssoFailure.name, () => {
  it.each([
    ['INVALID_CREDENTIALS', 'sso.reason.INVALID_CREDENTIALS'],
    ['SOMETHING_ELSE', 'sso.failed'],
    ['__proto__', 'sso.failed'],
    ['constructor', 'sso.failed'],
  ])('%s', (reason, key) => expect(ssoFailure(reason)).toEqual({ key, values: { reason } }));
});

describe(ssoProviderName.name, () => {
  it.each([
    [{ name: 'corp', driver: 'openid', icon: null, label: 'Corp ID' }, 'Corp ID'],
    [{ name: 'corp', driver: 'openid', icon: null, label: null }, 'corp'],
  ])('%j', (provider, name) => expect(ssoProviderName(provider)).toBe(name));
});

import { ssoButtonLabel, ssoFailureMessage, ssoStartUrl } from './sso';

describe(ssoStartUrl.name, () => {
  it.each([
    ['corp', null, '/auth/login/corp?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Fcontent'],
    ['corp', '/files/abc', '/auth/login/corp?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Ffiles%252Fabc'],
    ['a b', null, '/auth/login/a%20b?redirect=%2Fadmin%2Fsignin%3Fsso%3D1%26from%3D%252Fcontent'],
  ])('%s from %s', (provider, from, url) => {
    expect(ssoStartUrl(provider, from)).toBe(url);
  });
});

describe(ssoFailureMessage.name, () => {
  it.each([
    ['INVALID_CREDENTIALS', 'The provider signed you in, but this Vellum has no account for you.'],
    ['SOMETHING_ELSE', 'The sign-in failed (SOMETHING_ELSE).'],
    ['__proto__', 'The sign-in failed (__proto__).'],
  ])('%s', (reason, message) => expect(ssoFailureMessage(reason)).toBe(message));
});

describe(ssoButtonLabel.name, () => {
  it.each([
    [{ name: 'corp', driver: 'openid', icon: null, label: 'Corp ID' }, 'Sign in with Corp ID'],
    [{ name: 'corp', driver: 'openid', icon: null, label: null }, 'Sign in with corp'],
  ])('%j', (provider, label) => expect(ssoButtonLabel(provider)).toBe(label));
});

import { isLoginRedirectAllowed } from './login-redirect';

const PUBLIC = 'https://cms.example.com';

describe(isLoginRedirectAllowed.name, () => {
  it.each([
    [undefined, null, true],
    ['', null, true],
    ['/admin/content', null, true],
    ['https://cms.example.com/admin', null, true],
    ['https://evil.example/admin', null, false],
    ['//evil.example/admin', null, false],
    ['/\\evil.example', null, false],
    ['javascript:alert(1)', null, false],
    [['/admin'], null, false],
    ['https://app.example.com/done', ['https://app.example.com/done'], true],
    ['https://app.example.com/done?x=1', ['https://app.example.com/done'], true],
    ['https://app.example.com/other', ['https://app.example.com/done'], false],
    ['https://cms.example.com', ['https://app.example.com/done'], true],
    ['https://cms.example.com/admin', ['https://app.example.com/done'], false],
  ])('%j with allow list %j → %s', (redirect, list, allowed) => {
    expect(isLoginRedirectAllowed(redirect, PUBLIC, list)).toBe(allowed);
  });
});

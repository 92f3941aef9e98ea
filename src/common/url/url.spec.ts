import { isUrlAllowed } from './is-url-allowed';
import { withQueryParam } from './with-query-param';

describe(isUrlAllowed.name, () => {
  const list = ['https://app.example.com/reset', 'https://other.example.com/a/b?x=1'];
  it.each([
    ['https://app.example.com/reset', true],
    ['https://app.example.com/reset?lang=en', true],
    ['https://other.example.com/a/b', true],
    ['https://app.example.com/reset/more', false],
    ['http://app.example.com/reset', false],
    ['https://app.example.com.evil.com/reset', false],
    ['not a url', false],
  ])('%s → %s', (url, expected) => expect(isUrlAllowed(url, list)).toBe(expected));

  it('allows nothing with an empty list', () => expect(isUrlAllowed('https://app.example.com/reset', [])).toBe(false));
});

describe(withQueryParam.name, () => {
  it.each([
    ['https://a.example/reset', 'https://a.example/reset?token=t1'],
    ['https://a.example/reset?lang=en', 'https://a.example/reset?lang=en&token=t1'],
    ['https://a.example/app#/reset', 'https://a.example/app?token=t1#/reset'],
    ['https://a.example/reset?token=old', 'https://a.example/reset?token=t1'],
  ])('%s → %s', (url, expected) => expect(withQueryParam(url, 'token', 't1')).toBe(expected));
});

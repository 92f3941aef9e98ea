import { buildDenyList, isDeniedAddress } from './ip-deny';

describe(isDeniedAddress.name, () => {
  const defaults = buildDenyList(['0.0.0.0', '169.254.169.254'], ['203.0.113.7']);
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['0.0.0.0', true],
    ['203.0.113.7', true],
    ['93.184.216.34', false],
    ['2606:2800:220:1:248:1893:25c8:1946', false],
    ['not-an-ip', true],
  ])('default list: %s → %s', (address, denied) => expect(isDeniedAddress(defaults, address)).toBe(denied));

  it.each([
    [['169.254.169.254'], '127.0.0.1', false],
    [['169.254.169.254'], '169.254.169.254', true],
    [['10.0.0.0/8'], '10.9.9.9', true],
    [['10.0.0.0/8'], '11.0.0.1', false],
    [['bogus'], '127.0.0.1', false],
  ])('list %j: %s → %s', (entries, address, denied) =>
    expect(isDeniedAddress(buildDenyList(entries, []), address)).toBe(denied),
  );
});

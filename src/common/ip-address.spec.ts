import { ipInList } from './ip-address';

describe(ipInList.name, () => {
  it.each<[string, string[], string | null, boolean]>([
    ['an exact address', ['10.0.0.5'], '10.0.0.5', true],
    ['another address', ['10.0.0.5'], '10.0.0.6', false],
    ['inside a range', ['192.168.0.0/16'], '192.168.4.9', true],
    ['outside a range', ['192.168.0.0/16'], '192.169.0.1', false],
    ['an IPv4-mapped caller', ['127.0.0.1'], '::ffff:127.0.0.1', true],
    ['an IPv6 range', ['fd00::/8'], 'fd12::1', true],
    ['entries with spaces', [' 10.0.0.1 '], '10.0.0.1', true],
    ['a bad prefix names nothing', ['10.0.0.0/99'], '10.0.0.1', false],
    ['garbage names nothing', ['nope'], '10.0.0.1', false],
    ['an unknown caller', ['10.0.0.1'], null, false],
    ['a caller that is no address', ['10.0.0.1'], 'x', false],
  ])('%s', (_, entries, address, expected) => {
    expect(ipInList(entries, address)).toBe(expected);
  });
});

import { isIP } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
}

/**
 * Whom a per-source counter is kept for: an IPv4 address as it is (IPv4-mapped IPv6 included), an
 * IPv6 address by its /64 network, since one host or home line is handed a whole /64 and could
 * otherwise take a fresh address for every attempt. Anything else (no address) is one `unknown` source.
 */
export function sourceKey(ip: string | null | undefined): string {
  const address = (ip ?? '').replace(/%.*$/, '');
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped && isIP(mapped) === 4) return mapped;
  switch (isIP(address)) {
    case 4:
      return address;
    case 6:
      return `${ipv6Groups(address.toLowerCase())
        .slice(0, 4)
        .map((group) => parseInt(group, 16).toString(16))
        .join(':')}::/64`;
    default:
      return 'unknown';
  }
}

import { BlockList, isIP } from 'node:net';

/** `::ffff:127.0.0.1` is 127.0.0.1: check mapped addresses as the IPv4 address they reach. */
export function unmap(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1] : address;
}

export function family(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/**
 * Whether `address` is one of `entries` (addresses or CIDR ranges, IPv4 or IPv6); entries that are
 * neither name nothing, and an unknown address is in no list.
 */
export function ipInList(entries: readonly string[], address: string | null): boolean {
  if (!address) return false;
  const ip = unmap(address);
  if (isIP(ip) === 0) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [net, prefix] = entry.trim().split('/');
    if (isIP(net) === 0) continue;
    const bits = Number(prefix);
    if (prefix === undefined) list.addAddress(unmap(net), family(unmap(net)));
    else if (Number.isInteger(bits) && bits >= 0 && bits <= (isIP(net) === 6 ? 128 : 32))
      list.addSubnet(net, bits, family(net));
  }
  return list.check(ip, family(ip));
}

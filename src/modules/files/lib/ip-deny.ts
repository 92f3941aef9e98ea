import { BlockList, isIP } from 'node:net';
import { family, unmap } from '../../../common/ip-address';

/** What `0.0.0.0` in `IMPORT_IP_DENY_LIST` stands for: every address that is not on the public internet. */
const LOCAL_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
];

/**
 * Builds the SSRF guard of `/files/import` (API.md 6.4) from `IMPORT_IP_DENY_LIST`: entries are
 * addresses, CIDR ranges, or `0.0.0.0` for every loopback, private, link-local and unspecified
 * address plus the machine's own interface addresses (`localAddresses`).
 */
export function buildDenyList(entries: readonly string[], localAddresses: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    if (entry === '0.0.0.0') {
      for (const [net, prefix, type] of LOCAL_RANGES) list.addSubnet(net, prefix, type);
      for (const local of localAddresses) list.addAddress(unmap(local), family(unmap(local)));
      continue;
    }
    const [net, prefix] = entry.split('/');
    if (isIP(net) === 0) continue;
    if (prefix !== undefined) list.addSubnet(net, Number(prefix), family(net));
    else list.addAddress(unmap(net), family(unmap(net)));
  }
  return list;
}

/** True when `address` must not be fetched; anything that is not an IP address is refused too. */
export function isDeniedAddress(list: BlockList, address: string): boolean {
  const ip = unmap(address);
  if (isIP(ip) === 0) return true;
  return list.check(ip, family(ip));
}

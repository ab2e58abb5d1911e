import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * The one text form of a source address, as stored on the whitelist and as the gateway sees a
 * socket's peer: IPv4 dotted, IPv6 compressed in lower case (the same formatter Node uses for
 * `socket.remoteAddress`), and an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its IPv4 address.
 * Null when the text is not one address (zone ids such as `fe80::1%eth0` included).
 */
export function canonicalIp(text: string): string | null {
  const family = isIP(text);
  // isIP refuses leading zeros, so an IPv4 address it accepts is already in canonical form.
  if (family === 4) return text;
  if (family !== 6 || text.includes('%')) return null;
  const address = new SocketAddress({ address: text, family: 'ipv6' }).address;
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : '';
  return isIP(mapped) === 4 ? mapped : address;
}

/** Ranges no customer connects from: this host, private networks, link-local, multicast, reserved. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, bits] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const)
    list.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of [
    ['::', 127],
    ['fe80::', 10],
    ['fc00::', 7],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, bits, 'ipv6');
  return list;
})();

/** Whether a canonical address (see `canonicalIp`) is a public unicast address. */
export const isPublicAddress = (ip: string) => !NOT_PUBLIC.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');

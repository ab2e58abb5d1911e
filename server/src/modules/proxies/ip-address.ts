import { isIP, SocketAddress } from 'node:net';
import { internalRange } from '@tollgate/gateway/special-purpose';

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

/**
 * Whether a canonical address (see `canonicalIp`) may be whitelisted: not this host's nor a network's
 * behind a gateway node (loopback, private, link-local, multicast...), which many clients share. The
 * gateway's own table decides (ADR 045); blocks that route nowhere, such as documentation ranges,
 * are refused as destinations but harmless here, since no client ever connects from them.
 */
export const isPublicAddress = (ip: string) => internalRange(ip) === null;

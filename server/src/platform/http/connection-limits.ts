import type { Server } from 'node:http';
import { BlockList, isIPv4, isIPv6, type Socket } from 'node:net';

/**
 * How long the site keeps a connection that is not busy (issue 34: idle sockets lived about 78 s).
 * Fastify's options: an idle keep-alive connection closes 5 s after its last answer; a request must
 * arrive whole (body too: a 5 MB blog image on a slow line) within 60 s; a connection with no bytes
 * either way for 60 s closes, whatever it is doing (a client that stopped reading its answer).
 * A reverse proxy that keeps connections to the site open must drop them sooner than 5 s.
 */
export const CONNECTION_TIMEOUTS = { keepAliveTimeout: 5_000, requestTimeout: 60_000, connectionTimeout: 60_000 };

/**
 * Node's own server options: the request head must be in within 10 s of connecting (a connection
 * that never says anything is closed then), checked every second rather than Node's every 30 s.
 */
export const SERVER_TIMEOUTS = { headersTimeout: 10_000, connectionsCheckingInterval: 1_000 };

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** `::ffff:10.0.0.2` (an IPv4 client on a dual-stack socket) is `10.0.0.2`. */
const plain = (address: string) =>
  address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;

/** A dotted IPv4 mask (`255.240.0.0`) as a prefix length. */
const prefixOf = (mask: string) =>
  isIPv4(mask)
    ? mask.split('.').reduce((bits, part) => bits + Number(part).toString(2).replaceAll('0', '').length, 0)
    : Number(mask);

/**
 * Whether an address is one of TRUST_PROXY's (as Fastify reads it: addresses, CIDRs, `address/mask`,
 * and the names loopback, linklocal, uniquelocal; `true` trusts every address).
 */
export function trustedProxyMatcher(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  const list = new BlockList();
  const parts = trustProxy.split(',').flatMap((part) => NAMED_RANGES[part.trim()] ?? [part.trim()]);
  for (const part of parts.filter(Boolean)) {
    const [address = '', bits] = part.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(plain(address), isIPv4(plain(address)) ? 'ipv4' : type);
    else list.addSubnet(address, prefixOf(bits), type);
  }
  return (address) => {
    const ip = plain(address);
    return list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
  };
}

/**
 * At most `perAddress` connections open at once from one remote address; the next is closed as it is
 * accepted, before a byte of it is read. Counted on the socket's own address, so a trusted proxy
 * (every client arrives from it) is left out: the rate limits see the real client behind it.
 */
export function limitConnectionsPerAddress(
  server: Server,
  options: { perAddress: number; exempt: (address: string) => boolean },
) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return; // already gone
    const address = plain(socket.remoteAddress);
    if (options.exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

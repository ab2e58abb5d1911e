import { lookup } from 'node:dns/promises';
import net, { BlockList } from 'node:net';
import os from 'node:os';

/** What the operator decides about destinations (the OwnServers setting's `allowedTargets`, `blockedPorts`). */
export interface EgressRules {
  /** Internal ranges customers may reach anyway (exits behind NAT); none by default. */
  allowedTargets: readonly string[];
  /** Destination ports nobody may reach (e.g. 25 against spam). */
  blockedPorts: readonly number[];
}

/** `refused`: the policy says no (HTTP 403, SOCKS5 0x02); `unresolved`: the name has no address. */
export type Destination = { ok: true; address: string } | { ok: false; kind: 'refused' | 'unresolved'; reason: string };

/** Address ranges a customer's traffic never reaches, and what each is called in a refusal. */
const NEVER: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved or broadcast address'],
  ['::', 128, 'ipv6', 'an unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fc00::', 7, 'ipv6', 'a unique-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const never = NEVER.map(([network, bits, family, name]) => {
  const list = new BlockList();
  list.addSubnet(network, bits, family);
  return { list, family, name };
});

/** The IPv4 address an IPv6 address carries: mapped (::ffff:a.b.c.d), compatible, NAT64 or 6to4. */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const v4 = (at: number) => `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated but still dialled by some stacks)
  if (zeros(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))) {
    return zeros(0, 16) || (zeros(0, 15) && bytes[15] === 1) ? null : v4(12);
  }
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix)
  if (bytes.readUInt32BE(0) === 0x0064ff9b && zeros(4, 12)) return v4(12);
  // 2002:aabb:ccdd::/48 (6to4)
  if (bytes.readUInt16BE(0) === 0x2002) return v4(2);
  return null;
}

function ipv6Bytes(address: string): Buffer | null {
  if (net.isIPv6(address) === false) return null;
  const [head = '', tail = ''] = address.split('::');
  const parse = (part: string) => {
    if (!part) return [] as number[];
    const groups = part.split(':');
    const last = groups[groups.length - 1]!;
    const out: number[] = [];
    for (const g of groups.slice(0, -1)) out.push(parseInt(g, 16));
    if (net.isIPv4(last)) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      out.push((a << 8) | b, (c << 8) | d);
    } else out.push(parseInt(last, 16));
    return out;
  };
  const h = parse(head);
  const t = parse(tail);
  const groups = address.includes('::') ? [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
  if (groups.length !== 8) return null;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** Why an address is no destination, or null when it is a public one. */
export function forbiddenRange(address: string): string | null {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  for (const range of never) if (range.family === family && range.list.check(address, family)) return range.name;
  const inner = family === 'ipv6' ? embeddedIpv4(address) : null;
  return inner ? forbiddenRange(inner) : null;
}

/** The addresses of this host's interfaces: the gateway's and, on a shared host, the shop's own. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const nic of list ?? []) own.add(nic.address.replace(/%.*$/, ''));
  return own;
}

/**
 * The gateway's egress policy (DESIGN §9b, ADR 010): a customer's connection may leave only for a
 * public address, checked on the address that is actually dialled. Names are resolved here once and
 * the connection goes to that very address, so a name that answers differently the second time
 * (DNS rebinding) gains nothing. The operator may open internal ranges for exits behind NAT and
 * close ports; the gateway's own ports are never a destination, so no request loops through it.
 */
export function createEgress(options: { ownPorts: () => readonly number[]; resolve?: typeof lookup }) {
  const resolve = options.resolve ?? lookup;
  let allowed = new BlockList();
  let blockedPorts = new Set<number>();
  let own = ownAddresses();
  /**
   * What is known of each address dialled: whether it is this host's, and the verdict on it. Both
   * depend only on the rules and this host's addresses, which change only in `setRules`, which
   * empties it; so every connection is still judged on the address it dials, without a dozen
   * range lookups each time a scraper dials the same one. Ports are judged on every connection.
   */
  let known = new Map<string, { own: boolean; why: string | null }>();
  const KNOWN_KEPT = 10_000;

  function judge(address: string): { own: boolean; why: string | null } {
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    const plain = family === 'ipv6' ? (embeddedIpv4(address) ?? address) : address;
    const isOwn = own.has(address) || own.has(plain) || forbiddenRange(plain) === 'a loopback address';
    if (allowed.check(address, family) || (plain !== address && allowed.check(plain, 'ipv4')))
      return { own: isOwn, why: null };
    const range = forbiddenRange(address);
    if (range) return { own: isOwn, why: `${address} is ${range}` };
    if (own.has(address) || own.has(plain)) return { own: isOwn, why: `${address} is this proxy's own address` };
    return { own: isOwn, why: null };
  }

  function checkAddress(address: string, port: number): string | null {
    let facts = known.get(address);
    if (!facts) {
      facts = judge(address);
      if (known.size >= KNOWN_KEPT) known = new Map();
      known.set(address, facts);
    }
    if (facts.own && options.ownPorts().includes(port)) return `${address}:${port} is this proxy itself`;
    return facts.why;
  }

  return {
    setRules(rules: EgressRules) {
      const next = new BlockList();
      for (const cidr of rules.allowedTargets) {
        const [network = '', bits] = cidr.split('/');
        const family = net.isIPv6(network) ? 'ipv6' : 'ipv4';
        next.addSubnet(network, Number(bits ?? (family === 'ipv6' ? 128 : 32)), family);
      }
      allowed = next;
      blockedPorts = new Set(rules.blockedPorts);
      // Interfaces come and go (a new address on a NIC); the rules are re-read every few seconds.
      own = ownAddresses();
      known = new Map();
    },

    /**
     * Where a connection to `host:port` may go: the address to dial, or why not. `viaUpstream`: the
     * exit is another proxy, which resolves names in its own network; only literal addresses and
     * ports are ours to judge then.
     */
    async destination(host: string, port: number, viaUpstream = false): Promise<Destination> {
      const refuse = (why: string): Destination => ({
        ok: false,
        kind: 'refused',
        reason: `Destination not allowed: ${why}`,
      });
      if (!Number.isInteger(port) || port < 1 || port > 65_535) return refuse(`port ${port} is not a valid port`);
      if (blockedPorts.has(port)) return refuse(`port ${port} is blocked on this proxy`);
      const literal = host.replace(/^\[(.*)\]$/, '$1');
      if (net.isIP(literal)) {
        const why = checkAddress(literal, port);
        return why ? refuse(why) : { ok: true, address: literal };
      }
      if (!host || host.length > 253) return refuse('the host name is empty or too long');
      if (viaUpstream) return { ok: true, address: host };
      let answers: { address: string }[];
      try {
        answers = await resolve(host, { all: true, verbatim: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? 'ENOTFOUND';
        return { ok: false, kind: 'unresolved', reason: `Could not resolve ${host} (${code})` };
      }
      let first: string | null = null;
      for (const { address } of answers) {
        const why = checkAddress(address, port);
        if (!why) return { ok: true, address };
        first ??= why;
      }
      return refuse(`${host} resolves to ${first ?? 'nothing'}`);
    },
  };
}
export type Egress = ReturnType<typeof createEgress>;

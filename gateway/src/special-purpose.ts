import net from 'node:net';

/**
 * Which addresses lead out to the internet, as one table (ADR 045): the IANA IPv4 and IPv6
 * Special-Purpose Address Registries (RFC 6890 and its updates), both multicast spaces, and the
 * few blocks outside them that a stack may still treat specially. The gateway's egress, webhooks,
 * provider addresses and the whitelist all judge addresses here; the gateway owns it because it
 * must not import the shop, and the shop already imports the gateway (eslint.config.js).
 *
 * `reach` is the verdict:
 * - `host`: this machine (loopback, unspecified); refused, and its ports are the shop's and the gateway's;
 * - `internal`: a network behind the node (private, shared, link-local, multicast, reserved);
 * - `unrouted`: reaches nothing on the internet (documentation, benchmarking, protocol blocks);
 * - `global`: globally reachable, a destination like any public address;
 * - `embedded`: carries an IPv4 address at `ipv4At`, and is judged as that address.
 * The registry's "Globally Reachable" column decides (null where it says N/A); where the verdict
 * departs from it, `note` says why.
 */
export type Reach = 'host' | 'internal' | 'unrouted' | 'global' | 'embedded';

export interface SpecialPurposeBlock {
  block: string;
  /** The registry's name for it. */
  name: string;
  rfc: string;
  registry:
    'IPv4 Special-Purpose' | 'IPv6 Special-Purpose' | 'IPv4 Multicast' | 'IPv6 Multicast' | 'IPv6 Address Space';
  globallyReachable: boolean | null;
  reach: Reach;
  /** How a refusal names it: "<address> is <said>". */
  said: string;
  /** Where the IPv4 address starts (bytes), for `embedded`. */
  ipv4At?: number;
  note?: string;
}

/**
 * The registries' rows as they read there: block | name | RFC | Globally Reachable (yes, no, n/a)
 * | our verdict | how a refusal names it. Rows apart from the special-purpose registries: the
 * multicast spaces, and in the IPv6 Address Space what lies outside global unicast (2000::/3).
 */
const TABLE: Record<SpecialPurposeBlock['registry'], string> = {
  'IPv4 Special-Purpose': `
    0.0.0.0/8          | "This network"                            | RFC 791 §3.2            | no  | host     | an unspecified address
    0.0.0.0/32         | "This host on this network"               | RFC 1122 §3.2.1.3       | no  | host     | an unspecified address
    10.0.0.0/8         | Private-Use                               | RFC 1918                | no  | internal | a private address
    100.64.0.0/10      | Shared Address Space                      | RFC 6598                | no  | internal | a shared (carrier-grade NAT) address
    127.0.0.0/8        | Loopback                                  | RFC 1122 §3.2.1.3       | no  | host     | a loopback address
    169.254.0.0/16     | Link Local                                | RFC 3927                | no  | internal | a link-local address
    172.16.0.0/12      | Private-Use                               | RFC 1918                | no  | internal | a private address
    192.0.0.0/24       | IETF Protocol Assignments                 | RFC 6890 §2.1           | no  | unrouted | an IETF protocol assignment
    192.0.0.0/29       | IPv4 Service Continuity Prefix            | RFC 7335                | no  | internal | a DS-Lite service continuity address
    192.0.0.8/32       | IPv4 dummy address                        | RFC 7600                | no  | unrouted | a dummy address
    192.0.0.9/32       | Port Control Protocol Anycast             | RFC 7723                | yes | internal | a port control (PCP) anycast address
    192.0.0.10/32      | Traversal Using Relays around NAT Anycast | RFC 8155                | yes | global   | a TURN anycast address
    192.0.0.170/32     | NAT64/DNS64 Discovery                     | RFC 8880, RFC 7050 §2.2 | no  | unrouted | a NAT64 discovery address
    192.0.0.171/32     | NAT64/DNS64 Discovery                     | RFC 8880, RFC 7050 §2.2 | no  | unrouted | a NAT64 discovery address
    192.0.2.0/24       | Documentation (TEST-NET-1)                | RFC 5737                | no  | unrouted | a documentation address
    192.31.196.0/24    | AS112-v4                                  | RFC 7535                | yes | global   | an AS112 address
    192.52.193.0/24    | AMT                                       | RFC 7450                | yes | global   | an AMT relay address
    192.88.99.0/24     | Deprecated (6to4 Relay Anycast)           | RFC 7526                | n/a | unrouted | a deprecated 6to4 relay address
    192.88.99.2/32     | 6a44-relay anycast address                | RFC 6751                | no  | unrouted | a 6a44 relay address
    192.168.0.0/16     | Private-Use                               | RFC 1918                | no  | internal | a private address
    192.175.48.0/24    | Direct Delegation AS112 Service           | RFC 7534                | yes | global   | an AS112 address
    198.18.0.0/15      | Benchmarking                              | RFC 2544                | no  | unrouted | a benchmarking address
    198.51.100.0/24    | Documentation (TEST-NET-2)                | RFC 5737                | no  | unrouted | a documentation address
    203.0.113.0/24     | Documentation (TEST-NET-3)                | RFC 5737                | no  | unrouted | a documentation address
    240.0.0.0/4        | Reserved                                  | RFC 1112 §4             | no  | internal | a reserved or broadcast address
    255.255.255.255/32 | Limited Broadcast                         | RFC 8190, RFC 919 §7    | no  | internal | a reserved or broadcast address`,
  'IPv4 Multicast': `
    224.0.0.0/4        | Multicast                                 | RFC 5771                | n/a | internal | a multicast address`,
  'IPv6 Special-Purpose': `
    ::1/128            | Loopback Address                          | RFC 4291                | no  | host     | a loopback address
    ::/128             | Unspecified Address                       | RFC 4291                | no  | host     | an unspecified address
    ::ffff:0:0/96      | IPv4-mapped Address                       | RFC 4291                | no  | embedded | an IPv4-mapped address
    64:ff9b::/96       | IPv4-IPv6 Translat.                       | RFC 6052                | yes | embedded | a NAT64 address
    64:ff9b:1::/48     | IPv4-IPv6 Translat.                       | RFC 8215                | no  | unrouted | a local-use NAT64 address
    100::/64           | Discard-Only Address Block                | RFC 6666                | no  | unrouted | a discard-only address
    100:0:0:1::/64     | Dummy IPv6 Prefix                         | RFC 9780                | no  | unrouted | a dummy address
    2001::/23          | IETF Protocol Assignments                 | RFC 2928                | no  | unrouted | an IETF protocol assignment
    2001::/32          | TEREDO                                    | RFC 4380, RFC 8190      | n/a | unrouted | a Teredo address
    2001:1::1/128      | Port Control Protocol Anycast             | RFC 7723                | yes | internal | a port control (PCP) anycast address
    2001:1::2/128      | Traversal Using Relays around NAT Anycast | RFC 8155                | yes | global   | a TURN anycast address
    2001:1::3/128      | DNS-SD Service Registration Protocol Anycast | RFC 9665             | yes | internal | a service registration (SRP) anycast address
    2001:2::/48        | Benchmarking                              | RFC 5180, Errata 1752   | no  | unrouted | a benchmarking address
    2001:3::/32        | AMT                                       | RFC 7450                | yes | global   | an AMT relay address
    2001:4:112::/48    | AS112-v6                                  | RFC 7535                | yes | global   | an AS112 address
    2001:10::/28       | Deprecated (previously ORCHID)            | RFC 4843                | n/a | unrouted | a deprecated ORCHID address
    2001:20::/28       | ORCHIDv2                                  | RFC 7343                | yes | global   | an ORCHIDv2 identifier
    2001:30::/28       | Drone Remote ID Protocol Entity Tags (DETs) Prefix | RFC 9374       | yes | global   | a drone entity tag
    2001:db8::/32      | Documentation                             | RFC 3849                | no  | unrouted | a documentation address
    2002::/16          | 6to4                                      | RFC 3056                | n/a | embedded | a 6to4 address
    2620:4f:8000::/48  | Direct Delegation AS112 Service           | RFC 7534                | yes | global   | an AS112 address
    3fff::/20          | Documentation                             | RFC 9637                | no  | unrouted | a documentation address
    5f00::/16          | Segment Routing (SRv6) SIDs               | RFC 9602                | no  | unrouted | a segment routing (SRv6) address
    fc00::/7           | Unique-Local                              | RFC 4193, RFC 8190      | no  | internal | a unique-local address
    fe80::/10          | Link-Local Unicast                        | RFC 4291                | no  | internal | a link-local address`,
  'IPv6 Multicast': `
    ff00::/8           | Multicast                                 | RFC 4291 §2.7           | n/a | internal | a multicast address`,
  'IPv6 Address Space': `
    ::/0               | Reserved by IETF, outside Global Unicast  | RFC 4291 §2.4           | no  | unrouted | a reserved address (outside 2000::/3)
    2000::/3           | Global Unicast                            | RFC 4291 §2.4           | yes | global   | a global unicast address
    ::/96              | IPv4-compatible Address (deprecated)      | RFC 4291 §2.5.5.1       | no  | unrouted | a deprecated IPv4-compatible address
    ::ffff:0:0:0/96    | IPv4-translated Address (SIIT)            | RFC 2765 §2.1           | no  | unrouted | an IPv4-translated (SIIT) address`,
};

const PCP =
  "The registry says globally reachable, but the nearest PCP server is the node's own NAT (its router or the provider's CGN), which opens ports into the node's network on request: refused with the networks it guards.";
const TURN = 'Globally reachable: a public relay service anyone may use, not a machine of ours.';
const AS112 = 'Globally reachable: public anycast DNS servers answering for private reverse zones; nothing of ours.';
const AMT = 'Globally reachable: public anycast relays for multicast; nothing of ours.';
const EMBEDDED =
  'The connection ends at the IPv4 address inside (a socket, a NAT64 gateway, a 6to4 relay): judged as it.';
const GROUP = 'Not unicast: a proxy connection never goes to a group.';
const GONE = 'Deprecated, so the registry gives no reachability: nothing may rely on it.';
const INSIDE =
  'Not allocated to anyone: a stack that still honours it would dial the IPv4 inside, so refused whatever that is.';

/** Why a verdict is what it is, where the registry's column alone does not say. */
const NOTES: Record<string, string> = {
  '192.0.0.9/32': PCP,
  '192.0.0.10/32': TURN,
  '192.31.196.0/24': AS112,
  '192.52.193.0/24': AMT,
  '192.88.99.0/24': GONE,
  '192.175.48.0/24': AS112,
  '224.0.0.0/4': GROUP,
  '::ffff:0:0/96': EMBEDDED,
  '64:ff9b::/96': EMBEDDED,
  '2001::/32':
    "Reached only through a Teredo relay, with an obfuscated client IPv4 address inside that may be anyone's: refused.",
  '2001:1::1/128': PCP,
  '2001:1::2/128': TURN,
  '2001:1::3/128':
    "The registry says globally reachable, but the nearest SRP server registers services in the node's own network: refused.",
  '2001:3::/32': AMT,
  '2001:4:112::/48': AS112,
  '2001:10::/28': GONE,
  '2001:20::/28': 'Globally reachable: host identifiers of HIP, routed by nobody of ours.',
  '2001:30::/28': 'Globally reachable: identifiers of drones, nothing of ours.',
  '2002::/16': EMBEDDED,
  '2620:4f:8000::/48': AS112,
  'ff00::/8': GROUP,
  '::/0': 'Only 2000::/3 is allocated for global unicast; the rest is reserved or one of the blocks listed.',
  '::/96': `Deprecated (RFC 4291). ${INSIDE}`,
  '::ffff:0:0:0/96': `Not in the registry: RFC 6145 dropped it. ${INSIDE}`,
};

const REACHES: readonly Reach[] = ['host', 'internal', 'unrouted', 'global', 'embedded'];
const GLOBAL = { yes: true, no: false, 'n/a': null } as const;

export const SPECIAL_PURPOSE: readonly SpecialPurposeBlock[] = Object.entries(TABLE).flatMap(([registry, rows]) =>
  rows
    .trim()
    .split('\n')
    .map((line) => {
      const [block = '', name = '', rfc = '', global = '', reach = '', said = ''] = line
        .split('|')
        .map((c) => c.trim());
      if (!(global in GLOBAL) || !REACHES.includes(reach as Reach)) throw new Error(`special-purpose row: ${line}`);
      const note = NOTES[block];
      return {
        block,
        name,
        rfc,
        registry: registry as SpecialPurposeBlock['registry'],
        globallyReachable: GLOBAL[global as keyof typeof GLOBAL],
        reach: reach as Reach,
        said,
        ...(reach === 'embedded' ? { ipv4At: block.startsWith('2002:') ? 2 : 12 } : {}),
        ...(note ? { note } : {}),
      };
    }),
);

/** An address as bytes (4 or 16), or null when it is not one. A zone (`%eth0`) is ignored. */
export function addressBytes(address: string): Buffer | null {
  const plain = address.replace(/%.*$/, '');
  if (net.isIPv4(plain)) return Buffer.from(plain.split('.').map(Number));
  if (!net.isIPv6(plain)) return null;
  const parse = (part: string) => {
    if (!part) return [] as number[];
    const groups = part.split(':');
    const last = groups[groups.length - 1]!;
    const out = groups.slice(0, -1).map((g) => parseInt(g, 16));
    if (net.isIPv4(last)) {
      const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
      out.push((a << 8) | b, (c << 8) | d);
    } else out.push(parseInt(last, 16));
    return out;
  };
  const [head = '', tail = ''] = plain.split('::');
  const h = parse(head);
  const t = parse(tail);
  const groups = plain.includes('::') ? [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t] : h;
  if (groups.length !== 8) return null;
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** The table as prefixes, longest first, so the first match is the most specific entry. */
const PREFIXES = SPECIAL_PURPOSE.map((entry) => {
  const [network = '', bits = ''] = entry.block.split('/');
  return { bytes: addressBytes(network)!, bits: Number(bits), entry };
}).sort((a, b) => b.bits - a.bits);

function within(address: Buffer, prefix: { bytes: Buffer; bits: number }) {
  if (address.length !== prefix.bytes.length) return false;
  const whole = prefix.bits >> 3;
  if (address.compare(prefix.bytes, 0, whole, 0, whole) !== 0) return false;
  const rest = prefix.bits & 7;
  if (!rest) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[whole]! & mask) === (prefix.bytes[whole]! & mask);
}

/**
 * The entry that decides about an address, and the address it decides on: the IPv4 address inside
 * an embedding form (IPv4-mapped, NAT64, 6to4), else the address itself. `entry` is null for an
 * ordinary public address. Null altogether when the text is not an address.
 */
export function classify(address: string): { entry: SpecialPurposeBlock | null; judged: string } | null {
  const bytes = addressBytes(address);
  if (!bytes) return null;
  const entry = PREFIXES.find((prefix) => within(bytes, prefix))?.entry ?? null;
  if (entry?.reach !== 'embedded') return { entry, judged: address };
  const at = entry.ipv4At!;
  const inner = `${bytes[at]}.${bytes[at + 1]}.${bytes[at + 2]}.${bytes[at + 3]}`;
  return classify(inner);
}

const REFUSED_AS_DESTINATION: ReadonlySet<Reach> = new Set(['host', 'internal', 'unrouted']);

/** Why an address is no destination (for the gateway, webhooks, provider calls), or null when it is one. */
export function forbiddenRange(address: string): string | null {
  const found = classify(address);
  if (!found) return 'not an IP address';
  return found.entry && REFUSED_AS_DESTINATION.has(found.entry.reach) ? found.entry.said : null;
}

/**
 * Why an address is this host's or a network's behind it, or null: what a customer may not claim
 * as theirs (the whitelist). Unrouted blocks are not: no peer ever connects from them.
 */
export function internalRange(address: string): string | null {
  const found = classify(address);
  if (!found) return 'not an IP address';
  return found.entry?.reach === 'host' || found.entry?.reach === 'internal' ? found.entry.said : null;
}

/** Whether dialling the address reaches this very machine (loopback, 0.0.0.0, ::, or their mapped forms). */
export const isThisHost = (address: string) => classify(address)?.entry?.reach === 'host';

/**
 * Names for this machine itself: RFC 6761 §6.3 (`localhost` and every name under it) and the
 * names Linux distributions put in /etc/hosts; case and trailing dots do not matter.
 */
const LOOPBACK_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'localhost4',
  'localhost4.localdomain4',
  'localhost6',
  'localhost6.localdomain6',
  'ip6-localhost',
  'ip6-loopback',
]);
export function isLoopbackName(host: string) {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost');
}

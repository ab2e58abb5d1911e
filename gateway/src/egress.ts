import { lookup } from 'node:dns/promises';
import net, { BlockList } from 'node:net';
import os from 'node:os';
import { classify, forbiddenRange, isThisHost } from './special-purpose';

/** What the operator decides about destinations (the OwnServers setting's `allowedTargets`, `blockedPorts`). */
export interface EgressRules {
  /** Internal ranges customers may reach anyway (exits behind NAT); none by default. */
  allowedTargets: readonly string[];
  /** Destination ports nobody may reach (e.g. 25 against spam). */
  blockedPorts: readonly number[];
}

/** `refused`: the policy says no (HTTP 403, SOCKS5 0x02); `unresolved`: the name has no address. */
export type Destination = { ok: true; address: string } | { ok: false; kind: 'refused' | 'unresolved'; reason: string };

/** A service listening on the gateway's host (the shop, its PostgreSQL, Redis), named in a refusal. */
export interface HostService {
  name: string;
  port: number;
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
 * close ports. On a local address (loopback, 0.0.0.0, ::, this host's interfaces) the gateway's own
 * ports and those of the services sharing its host are never a destination, whatever is allowed:
 * no request loops through the gateway or reaches the shop, its database or Redis from inside.
 */
export function createEgress(options: {
  ownPorts: () => readonly number[];
  hostServices?: () => readonly HostService[];
  resolve?: typeof lookup;
}) {
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
    // The IPv4 address inside an IPv4-mapped, NAT64 or 6to4 address, which is where it leads.
    const plain = classify(address)?.judged ?? address;
    const isOwn = own.has(address) || own.has(plain) || isThisHost(address);
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
    if (facts.own) {
      if (options.ownPorts().includes(port)) return `${address}:${port} is this proxy itself`;
      const service = options.hostServices?.().find((s) => s.port === port);
      if (service) return `${address}:${port} is ${service.name} on this host`;
    }
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

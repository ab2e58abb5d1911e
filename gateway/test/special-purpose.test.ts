import { describe, expect, it } from 'vitest';
import { createEgress } from '../src/egress';
import { SPECIAL_PURPOSE } from '../src/special-purpose';
import { ADDRESS_CASES } from './special-purpose-cases';

// Issue 34, finding 6: the egress list was written by hand and missed special-purpose blocks. The
// list is now the IANA registries' table (src/special-purpose.ts); these are the gateway's verdicts.

function egress(allowedTargets: string[] = []) {
  const e = createEgress({ ownPorts: () => [] });
  e.setRules({ allowedTargets, blockedPorts: [] });
  return e;
}
const verdict = async (address: string, allowedTargets: string[] = []) => {
  const answer = await egress(allowedTargets).destination(address, 443);
  return answer.ok ? 'allowed' : 'refused';
};

describe('the blocks the hand-written list missed', () => {
  it.each([
    ['64:ff9b:1::1', 'a local-use NAT64 address'],
    ['64:ff9b:1:ffff::7f00:1', 'a local-use NAT64 address'],
    ['::ffff:0:7f00:1', 'an IPv4-translated (SIIT) address'],
    ['::ffff:0:808:808', 'an IPv4-translated (SIIT) address'],
    ['198.18.0.1', 'a benchmarking address'],
    ['198.19.255.255', 'a benchmarking address'],
    ['192.0.0.1', 'a DS-Lite service continuity address'],
    ['192.0.0.200', 'an IETF protocol assignment'],
    ['192.0.2.1', 'a documentation address'],
  ])('refuses %s as %s', async (address, name) => {
    expect(await egress().destination(address, 443)).toEqual({
      ok: false,
      kind: 'refused',
      reason: `Destination not allowed: ${address} is ${name}`,
    });
  });

  it('still opens a block the operator lists (GATEWAY_ALLOWED_TARGETS, allowedTargets)', async () => {
    expect(await verdict('198.18.0.1', ['198.18.0.0/15'])).toBe('allowed');
    expect(await verdict('64:ff9b:1::1', ['64:ff9b:1::/48'])).toBe('allowed');
    expect(await verdict('198.20.0.1', ['198.18.0.0/15'])).toBe('allowed');
    expect(await verdict('192.0.2.1', ['198.18.0.0/15'])).toBe('refused');
  });
});

describe('the table', () => {
  it('holds every block of both special-purpose registries, the multicast spaces and SIIT', () => {
    const blocks = SPECIAL_PURPOSE.map((entry) => entry.block);
    for (const block of [
      ...['0.0.0.0/8', '0.0.0.0/32', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12'],
      ...['192.0.0.0/24', '192.0.0.0/29', '192.0.0.8/32', '192.0.0.9/32', '192.0.0.10/32', '192.0.0.170/32'],
      ...['192.0.0.171/32', '192.0.2.0/24', '192.31.196.0/24', '192.52.193.0/24', '192.88.99.0/24', '192.168.0.0/16'],
      ...['192.175.48.0/24', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '240.0.0.0/4', '255.255.255.255/32'],
      ...['224.0.0.0/4', '::1/128', '::/128', '::ffff:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48', '100::/64'],
      ...['100:0:0:1::/64', '2001::/23', '2001::/32', '2001:1::1/128', '2001:1::2/128', '2001:1::3/128', '2001:2::/48'],
      ...[
        '2001:3::/32',
        '2001:4:112::/48',
        '2001:10::/28',
        '2001:20::/28',
        '2001:30::/28',
        '2001:db8::/32',
        '2002::/16',
      ],
      ...['2620:4f:8000::/48', '3fff::/20', '5f00::/16', 'fc00::/7', 'fe80::/10', 'ff00::/8', '::ffff:0:0:0/96'],
    ])
      expect(blocks, block).toContain(block);
  });

  it('says why wherever its verdict is not simply the registry\'s "Globally Reachable" column', () => {
    for (const entry of SPECIAL_PURPOSE) {
      const column = entry.globallyReachable === true ? 'global' : 'refused';
      const verdict = entry.reach === 'global' ? 'global' : 'refused';
      if (entry.globallyReachable === null || entry.reach === 'embedded' || column !== verdict)
        expect(entry.note, entry.block).toBeTruthy();
    }
  });
});

describe("every entry, through the gateway's check", () => {
  it('has an address inside it that no narrower entry covers', () => {
    for (const entry of SPECIAL_PURPOSE)
      expect(
        ADDRESS_CASES.some((c) => c.entry === entry && c.where === 'inside'),
        entry.block,
      ).toBe(true);
  });

  it.each(ADDRESS_CASES.map((c) => [c.entry.block, c.where, c.address, c.allowed ? 'allowed' : 'refused'] as const))(
    '%s: %s, %s is %s',
    async (_block, _where, address, expected) => {
      expect(await verdict(address)).toBe(expected);
    },
  );
});

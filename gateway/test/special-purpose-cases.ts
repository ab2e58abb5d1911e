import net from 'node:net';
import { SPECIAL_PURPOSE, type SpecialPurposeBlock } from '../src/special-purpose';

/**
 * Addresses to test every entry of the special-purpose table with, and what each must get: for
 * each entry, addresses inside it (at its edges and middle, where no narrower entry covers them)
 * and the first address past it. The expectation is worked out here with BigInt arithmetic, apart
 * from the lookup under test: refused unless the narrowest entry covering the address is globally
 * reachable (or there is none); an embedding entry (IPv4-mapped, NAT64, 6to4) is judged on the IPv4
 * address inside, tried with internal and public ones.
 */
export interface AddressCase {
  entry: SpecialPurposeBlock;
  where: 'inside' | 'past';
  address: string;
  allowed: boolean;
}

const width = (v6: boolean) => (v6 ? 128n : 32n);

function toBig(address: string): bigint {
  if (net.isIPv4(address)) return address.split('.').reduce((n, octet) => (n << 8n) | BigInt(octet), 0n);
  const bytes = new net.SocketAddress({ address, family: 'ipv6' }).address;
  const [head = '', tail] = bytes.split('::');
  // Node writes IPv4-mapped addresses with a dotted tail: two groups.
  const groups = (part: string) =>
    (part ? part.split(':') : []).flatMap((g) =>
      g.includes('.') ? [((toBig(g) >> 16n) & 0xffffn).toString(16), (toBig(g) & 0xffffn).toString(16)] : [g],
    );
  const all =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function fromBig(n: bigint, v6: boolean): string {
  if (!v6) return [24n, 16n, 8n, 0n].map((shift) => String((n >> shift) & 0xffn)).join('.');
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((n >> shift) & 0xffffn).toString(16));
  return new net.SocketAddress({ address: groups.join(':'), family: 'ipv6' }).address;
}

const ranges = SPECIAL_PURPOSE.map((entry) => {
  const [network = '', bitsText = ''] = entry.block.split('/');
  const v6 = net.isIPv6(network);
  const bits = BigInt(bitsText);
  const size = 1n << (width(v6) - bits);
  const first = toBig(network);
  return { entry, v6, bits, first, last: first + size - 1n };
});

/** The narrowest entry covering an address, if any. */
function narrowest(n: bigint, v6: boolean) {
  return ranges.filter((r) => r.v6 === v6 && r.first <= n && n <= r.last).sort((a, b) => Number(b.bits - a.bits))[0];
}

function expectedAllowed(n: bigint, v6: boolean): boolean {
  const range = narrowest(n, v6);
  if (!range) return true;
  if (range.entry.reach === 'embedded') {
    const at = BigInt(range.entry.ipv4At!);
    return expectedAllowed((n >> ((16n - at - 4n) * 8n)) & 0xffffffffn, false);
  }
  return range.entry.reach === 'global';
}

/** IPv4 addresses put inside the embedding forms. */
const INNER = ['127.0.0.1', '10.1.2.3', '169.254.169.254', '192.0.2.1', '198.18.0.1', '8.8.8.8', '1.1.1.1'];

function embed(range: (typeof ranges)[number], inner: string) {
  const at = BigInt(range.entry.ipv4At!);
  return range.first | (toBig(inner) << ((16n - at - 4n) * 8n));
}

export const ADDRESS_CASES: readonly AddressCase[] = ranges.flatMap((range) => {
  const { entry, v6 } = range;
  const inside =
    entry.reach === 'embedded'
      ? INNER.map((inner) => embed(range, inner))
      : [range.first, range.first + 1n, (range.first + range.last) / 2n, range.last - 1n, range.last].filter(
          (n) => n >= range.first && n <= range.last && narrowest(n, v6)?.entry === entry,
        );
  const past = range.last + 1n < 1n << width(v6) ? [range.last + 1n] : [];
  const cases = (where: AddressCase['where'], list: bigint[]) =>
    [...new Set(list)].map((n) => ({ entry, where, address: fromBig(n, v6), allowed: expectedAllowed(n, v6) }));
  return [...cases('inside', inside), ...cases('past', past)];
});

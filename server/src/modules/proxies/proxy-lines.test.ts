import { describe, expect, it } from 'vitest';
import { encodePayload, decodePayload } from '@tollgate/contract/http/encoding';
import { encodedEnvelope } from '#platform/http/encoded-envelope.ts';
import { proxyList, proxyLines, type ProxyListRequest } from './proxy-lines';

const base: ProxyListRequest = {
  host: 'gw.example.test',
  port: 8000,
  porttype: 'http',
  user: 'tgabc',
  password: 'secret',
  target: { country: 'us', state: 'ny', isp: 'comcast' },
  session: 'rotating',
  lifetime: 30,
  count: 2,
  format: 'host:port:user:pass',
};

describe('proxyLines', () => {
  it('repeats one rotating line in each format', () => {
    expect(proxyLines(base)).toEqual(
      Array(2).fill('gw.example.test:8000:tgabc-country-us-state-ny-isp-comcast:secret'),
    );
    expect(proxyLines({ ...base, format: 'user:pass@host:port', target: {}, count: 1 })).toEqual([
      'tgabc:secret@gw.example.test:8000',
    ]);
    expect(proxyLines({ ...base, format: 'url', porttype: 'socks5', port: 1080, target: {}, count: 1 })).toEqual([
      'socks5://tgabc:secret@gw.example.test:1080',
    ]);
  });

  it('puts a distinct session and the lifetime after the geography on sticky lines', () => {
    const lines = proxyLines({ ...base, session: 'sticky', lifetime: 15, count: 2000 });
    const pattern =
      /^gw\.example\.test:8000:tgabc-country-us-state-ny-isp-comcast-session-([a-z0-9]{8})-lifetime-15:secret$/;
    expect(lines.every((line) => pattern.test(line))).toBe(true);
    expect(new Set(lines).size).toBe(2000);
  });

  it('builds 10,000 sticky lines in a few milliseconds', () => {
    proxyLines({ ...base, session: 'sticky', count: 10_000 });
    const started = performance.now();
    for (let i = 0; i < 10; i++) proxyLines({ ...base, session: 'sticky', count: 10_000 });
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});

// The generator's answer writes a list from a kept template (ADR 055): it must be byte for byte
// what encoding its lines as strings gives, wherever the list falls in the payload.
describe('a list written from its template', () => {
  const whole = (payload: unknown) =>
    JSON.stringify({ status: 200, message: 'Generator', payload: encodePayload(payload) });
  const shapes: [string, Partial<ProxyListRequest>][] = [
    ['rotating', {}],
    ['sticky', { session: 'sticky' }],
    ['sticky user:pass@host:port', { session: 'sticky', format: 'user:pass@host:port' }],
    ['sticky url', { session: 'sticky', format: 'url', porttype: 'socks5' }],
    ['a password JSON and URLs escape', { session: 'sticky', password: 'p"a\\s/s&%+ é✓🚀' }],
    ['unicode host', { session: 'sticky', host: 'прокси.example.test' }],
    ['no geography', { session: 'sticky', target: {} }],
  ];
  for (const [name, shape] of shapes)
    for (const count of [1, 2, 3, 100, 1000, 10_000])
      it(`${name}, ${count} lines, every length of what comes before it modulo 3`, () => {
        for (const before of ['', 'a', 'ab']) {
          const list = proxyList({ ...base, ...shape, count });
          const payload = (lines: unknown) => ({ before, lines, after: { formats: ['x'], n: 1 } });
          const sent = encodedEnvelope('Generator', payload(list)).toString('utf8');
          expect(sent === whole(payload(list.toArray()))).toBe(true);
          // Twice from the same template, with other ids each time.
          const again = proxyList({ ...base, ...shape, count });
          expect(
            encodedEnvelope('Generator', payload(again)).toString('utf8') === whole(payload(again.toArray())),
          ).toBe(true);
        }
      });

  it('sends fresh, distinct, well-formed session ids on every call', () => {
    const lines = (): string[] =>
      (
        decodePayload(
          (
            JSON.parse(
              encodedEnvelope('Generator', {
                lines: proxyList({ ...base, session: 'sticky', count: 1000 }),
              }).toString(),
            ) as {
              payload: string;
            }
          ).payload,
        ) as { lines: string[] }
      ).lines;
    const first = lines();
    const second = lines();
    const id = /-session-([a-z0-9]{8})-lifetime-30:secret$/;
    expect(first.every((line) => id.test(line))).toBe(true);
    expect(new Set([...first, ...second]).size).toBe(2000);
  });

  it('draws every character of a session id equally often at every position', () => {
    // 100,000 ids: each of the 36 characters is expected 2,778 times per position. A chi-square
    // over 35 degrees of freedom passes 85 once in a million fair draws; a skewed digit (a pair
    // drawn with bias, a bit dropped) lands in the thousands.
    const counts = Array.from({ length: 8 }, () => new Map<string, number>());
    for (let n = 0; n < 100; n++)
      for (const line of proxyList({ ...base, session: 'sticky', count: 1000 }).toArray()) {
        const id = /-session-([a-z0-9]{8})-/.exec(line)![1]!;
        [...id].forEach((c, i) => counts[i]!.set(c, (counts[i]!.get(c) ?? 0) + 1));
      }
    const expected = 100_000 / 36;
    const chiSquares = counts.map((byChar) => {
      expect(byChar.size).toBe(36);
      return [...byChar.values()].reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    });
    expect(Math.max(...chiSquares)).toBeLessThan(85);
  });
});

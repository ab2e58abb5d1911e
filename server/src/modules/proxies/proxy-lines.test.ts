import { describe, expect, it } from 'vitest';
import { proxyLines, type ProxyListRequest } from './proxy-lines';

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

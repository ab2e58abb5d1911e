import { describe, expect, it } from 'vitest';
import { parseOwnServers } from './own-servers';
import { formatProxyUsername, parseProxyUsername } from './proxy-username';

describe('proxy username targeting', () => {
  it('reads every key in any order', () => {
    expect(parseProxyUsername('tgabc123-session-s1-country-US-city-New_York-state-ny-isp-comcast-lifetime-30')).toEqual(
      {
        ok: true,
        user: 'tgabc123',
        target: { session: 's1', country: 'us', city: 'new_york', state: 'ny', isp: 'comcast', lifetime: 30 },
      },
    );
    expect(parseProxyUsername('tgabc123')).toEqual({ ok: true, user: 'tgabc123', target: {} });
  });

  it('says what is wrong', () => {
    expect(parseProxyUsername('tg-colour-red')).toEqual({ ok: false, reason: "Unknown username parameter 'colour'" });
    expect(parseProxyUsername('tg-country')).toEqual({ ok: false, reason: "Missing or invalid value for 'country'" });
    expect(parseProxyUsername('tg-country-usa')).toEqual({ ok: false, reason: 'country must be a two-letter code' });
    expect(parseProxyUsername('tg-session-a-lifetime-0')).toEqual({
      ok: false,
      reason: 'lifetime must be 1..1440 minutes',
    });
    expect(parseProxyUsername('')).toEqual({ ok: false, reason: 'Missing proxy username' });
  });

  it('writes what it reads', () => {
    const target = { country: 'de', city: 'berlin', session: 'x9', lifetime: 10 };
    const name = formatProxyUsername('tguser', target);
    expect(name).toBe('tguser-country-de-city-berlin-session-x9-lifetime-10');
    expect(parseProxyUsername(name)).toEqual({ ok: true, user: 'tguser', target });
  });
});

describe('OwnServers setting', () => {
  it('falls back to direct egress for everything when unset or broken, and says why', () => {
    expect(parseOwnServers(undefined)).toEqual({
      servers: { exits: [{ type: '*', country: '*' }], allowedTargets: [], blockedPorts: [] },
      error: null,
    });
    expect(parseOwnServers('{not json').error).toBe('OwnServers is not valid JSON');
    expect(parseOwnServers({ exits: [{ country: 'usa' }] }).error).toMatch(/two-letter/);
  });

  it('accepts exits as text or JSON, normalising codes', () => {
    const text = JSON.stringify({ exits: [{ type: 'isp', country: 'US', state: 'New York', bind: '10.0.0.2' }] });
    expect(parseOwnServers(text).servers.exits[0]).toEqual({
      type: 'isp',
      country: 'us',
      state: 'new_york',
      bind: '10.0.0.2',
    });
    expect(parseOwnServers({ exits: [{ upstream: 'ftp://x' }] }).error).toMatch(/http:\/\/ or socks5:\/\//);
  });

  it('reads the egress rules: ranges the gateway may reach and ports it never does', () => {
    const read = parseOwnServers({ exits: [], allowedTargets: ['10.8.0.0/16', 'fd00::1'], blockedPorts: [25] });
    expect(read).toEqual({
      servers: { exits: [{ type: '*', country: '*' }], allowedTargets: ['10.8.0.0/16', 'fd00::1'], blockedPorts: [25] },
      error: null,
    });
    expect(parseOwnServers({ exits: [], allowedTargets: ['10.0.0.0/40'] }).error).toMatch(/IP address or a CIDR range/);
    expect(parseOwnServers({ exits: [], blockedPorts: [70_000] }).error).toMatch(/blockedPorts/);
  });
});

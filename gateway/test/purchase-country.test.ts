import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type Gateway } from '../src/gateway';
import { createMemoryStore, type MemorySubscription } from '../src/memory-store';
import { allowingOrigin, connectTunnel, getViaConnect, getViaForward, getViaSocks, startOrigin } from './loopback';

/** ADR 018: a static plan exits where it was bought; a pool's purchase country is only a default. */
let origin: Awaited<ReturnType<typeof startOrigin>>;
beforeAll(async () => void (origin = await startOrigin()));
afterAll(() => origin.close());
const running: Gateway[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((g) => g.close()))));

const exits = {
  exits: [
    { type: '*' as const, country: 'us', bind: '127.0.0.3' },
    { type: '*' as const, country: 'de', bind: '127.0.0.5' },
  ],
};
const isp: MemorySubscription = {
  subscriptionId: 'sub-isp',
  user: 'tgstatic',
  password: 'right-password',
  planType: 'isp',
  threads: 5,
  remainingBytes: null,
  purchaseCountry: { code: 'us', locked: true },
};
const pool: MemorySubscription = {
  subscriptionId: 'sub-pool',
  user: 'tgpool',
  password: 'right-password',
  planType: 'residential',
  threads: 0,
  remainingBytes: null,
  purchaseCountry: { code: 'us', locked: false },
};

async function gateway() {
  const memory = createMemoryStore({ subscriptions: [isp, pool], exits: allowingOrigin(exits) });
  const g = await startGateway({ store: memory.store, host: '127.0.0.1', httpPort: 0, socksPort: 0 });
  running.push(g);
  return { g, memory };
}
const as = (user: string) => ({ user, pass: 'right-password' });
const whoami = async (port: number, user: string) => {
  const r = await getViaConnect(port, origin.port, '/whoami', as(user));
  return r.status === 200 ? r.body.toString() : `status ${r.status}`;
};
const tunnel = (port: number, user: string) => connectTunnel(port, `127.0.0.1:${origin.port}`, as(user));

describe('the purchase country on a static (ISP) plan', () => {
  it('exits in the purchase country with or without naming it', async () => {
    const { g } = await gateway();
    expect(await whoami(g.httpPort, 'tgstatic')).toBe('127.0.0.3');
    expect(await whoami(g.httpPort, 'tgstatic-country-us')).toBe('127.0.0.3');
    expect((await getViaSocks(g.socksPort, origin.port, '/whoami', as('tgstatic'))).body.toString()).toBe('127.0.0.3');
  });

  it('refuses another country over CONNECT, plain forward and SOCKS5 and meters the refusals', async () => {
    const { g, memory } = await gateway();
    const refused = await tunnel(g.httpPort, 'tgstatic-country-de');
    expect(refused.status).toBe(403);
    expect(refused.reason).toBe('This plan exits in US only (bought for that country)');
    expect((await getViaForward(g.httpPort, origin.port, '/', as('tgstatic-country-de'))).status).toBe(403);
    await expect(getViaSocks(g.socksPort, origin.port, '/', as('tgstatic-country-de'))).rejects.toThrow(/NotAllowed/i);
    await g.flush();
    const failures = memory.reports.filter((r) => r.subscriptionId === 'sub-isp').reduce((n, r) => n + r.failures, 0);
    expect(failures).toBe(3);
  });

  it('refuses an unknown country code with a readable 400 and a SOCKS5 refusal', async () => {
    const { g } = await gateway();
    const refused = await tunnel(g.httpPort, 'tgstatic-country-zz');
    expect(refused.status).toBe(400);
    expect(refused.reason).toBe("Unknown country 'zz': use an ISO 3166 two-letter code");
    await expect(getViaSocks(g.socksPort, origin.port, '/', as('tgstatic-country-zz'))).rejects.toThrow(/NotAllowed/i);
  });
});

describe('the purchase country on a pool (residential) plan', () => {
  it('is the default exit, and the username may ask for another country', async () => {
    const { g } = await gateway();
    expect(await whoami(g.httpPort, 'tgpool')).toBe('127.0.0.3');
    expect(await whoami(g.httpPort, 'tgpool-country-de')).toBe('127.0.0.5');
    const socks = await getViaSocks(g.socksPort, origin.port, '/whoami', as('tgpool-country-de'));
    expect(socks.body.toString()).toBe('127.0.0.5');
  });

  it('still refuses an unknown country code over HTTP and SOCKS5', async () => {
    const { g } = await gateway();
    const refused = await tunnel(g.httpPort, 'tgpool-country-zz');
    expect(refused.status).toBe(400);
    expect(refused.reason).toMatch(/Unknown country 'zz'/);
    await expect(getViaSocks(g.socksPort, origin.port, '/', as('tgpool-country-zz'))).rejects.toThrow(/NotAllowed/i);
  });
});

import { decodePayload } from '@tollgate/contract/http/encoding';
import type { Gateway } from '@tollgate/gateway/gateway';
import { connectTunnel, getViaSocks } from '@tollgate/gateway/testing/loopback';
import { describe, expect, it } from 'vitest';
import { customerWithPlan, proxyCredentials, useProxyShop } from '#test/proxies-helpers.ts';

/** ADR 018 on the shop's side: the generator, the proxy config and the gateway on the real database. */
const shop = useProxyShop();

const generate = async (token: string, id: string, query: string) => {
  const res = await shop.server.request('GET', `/api/v1/public/generator/${id}?${query}`, { token });
  return { ...res, lines: res.status === 200 ? decodePayload<{ lines: string[] }>(res.body.payload).lines : [] };
};

describe('the generator and proxy config follow the purchase country', () => {
  it('lists a static plan in its purchase country and refuses another one with a clear 400', async () => {
    const me = await customerWithPlan(shop.server, shop.staff, { type: 'isp' });
    const own = await generate(me.token, me.subscriptionId, 'count=1');
    expect(own.status).toBe(200);
    expect(own.lines[0]).toContain('-country-us:');
    const other = await generate(me.token, me.subscriptionId, 'country=de&count=1');
    expect(other.body).toMatchObject({ status: 400, message: 'This plan exits in US only (bought for that country)' });
    const config = await shop.server.request('PATCH', `/api/v1/public/proxy-config/${me.subscriptionId}`, {
      token: me.token,
      body: { geoRegion: 'de' },
    });
    expect(config.body).toMatchObject({ status: 400, message: 'This plan exits in US only (bought for that country)' });
    const offered = await shop.server.request('GET', `/api/v1/public/locations/${me.subscriptionId}`, {
      token: me.token,
    });
    expect(offered.body.payload.countries).toEqual([{ code: 'us', name: 'United States' }]);
  });

  it('lets a pool plan list another country but refuses an unknown code', async () => {
    const me = await customerWithPlan(shop.server, shop.staff, { type: 'residential' });
    expect((await generate(me.token, me.subscriptionId, 'country=de&count=1')).lines[0]).toContain('-country-de:');
    const unknown = await generate(me.token, me.subscriptionId, 'country=zz&count=1');
    expect(unknown.body).toMatchObject({
      status: 400,
      message: "Unknown country 'zz': use an ISO 3166 two-letter code",
    });
    const config = await shop.server.request('PATCH', `/api/v1/public/proxy-config/${me.subscriptionId}`, {
      token: me.token,
      body: { geoRegion: 'zz' },
    });
    expect(config.status).toBe(400);
  });
});

describe('the gateway on the shop database', () => {
  const gateway = async () => (await shop.startNodes(1))[0]!;
  const tunnel = (g: Gateway, user: string, pass: string) =>
    connectTunnel(g.httpPort, `127.0.0.1:${shop.origin.port}`, { user, pass });

  it('refuses another country on an ISP plan bought for the US, over HTTP and SOCKS5', async () => {
    const me = await customerWithPlan(shop.server, shop.staff, { type: 'isp' });
    const { user, pass } = await proxyCredentials(shop.server, me.subscriptionId);
    const g = await gateway();
    expect((await tunnel(g, user, pass)).status).toBe(200);
    expect((await tunnel(g, `${user}-country-us`, pass)).status).toBe(200);
    const de = await tunnel(g, `${user}-country-de`, pass);
    expect(de).toMatchObject({ status: 403, reason: 'This plan exits in US only (bought for that country)' });
    expect((await tunnel(g, `${user}-country-zz`, pass)).status).toBe(400);
    await expect(getViaSocks(g.socksPort, shop.origin.port, '/', { user: `${user}-country-de`, pass })).rejects.toThrow(
      /NotAllowed/i,
    );
  });

  it('lets a residential plan override its purchase country but not with an unknown code', async () => {
    const me = await customerWithPlan(shop.server, shop.staff, { type: 'residential' });
    const { user, pass } = await proxyCredentials(shop.server, me.subscriptionId);
    const g = await gateway();
    expect((await tunnel(g, `${user}-country-de`, pass)).status).toBe(200);
    const zz = await tunnel(g, `${user}-country-zz`, pass);
    expect(zz).toMatchObject({ status: 400, reason: "Unknown country 'zz': use an ISO 3166 two-letter code" });
    await expect(getViaSocks(g.socksPort, shop.origin.port, '/', { user: `${user}-country-zz`, pass })).rejects.toThrow(
      /NotAllowed/i,
    );
  });
});

import { ADDRESS_CASES } from '@tollgate/gateway/testing/special-purpose-cases';
import { describe, expect, it } from 'vitest';
import { assertSavableUrl, NOT_PUBLIC, resolveTarget } from './webhook-target';

// Where a customer's webhook may point in production (app.ts: `allowPrivate: !config.isProduction`),
// beside the HTTP tests of webhooks.test.ts; issue 34, findings 6 and 9.
const production = { allowPrivate: false };
const urlFor = (address: string) => `https://${address.includes(':') ? `[${address}]` : address}/hook`;

/** What `assertSavableUrl` threw, or null. */
function refusalOf(url: string) {
  try {
    assertSavableUrl(url, production);
    return null;
  } catch (error) {
    return error;
  }
}

describe('the blocks the hand-written list missed', () => {
  it.each(['64:ff9b:1::1', '::ffff:0:7f00:1', '198.18.0.1', '192.0.0.1', '192.0.2.1'])(
    '%s is refused when saved and on every send',
    async (address) => {
      expect(refusalOf(urlFor(address))).toMatchObject({ status: 400, message: NOT_PUBLIC });
      expect(await resolveTarget(new URL(urlFor(address)), production)).toEqual({
        ok: false,
        reason: `${NOT_PUBLIC} (${address.includes(':') ? new URL(urlFor(address)).hostname.slice(1, -1) : address})`,
      });
    },
  );
});

describe("every entry of the gateway's special-purpose table, through the webhook's checks", () => {
  it.each(ADDRESS_CASES.map((c) => [c.entry.block, c.where, c.address, c.allowed] as const))(
    '%s: %s, %s (allowed: %s) on save and on send',
    async (_block, _where, address, allowed) => {
      const url = urlFor(address);
      expect(refusalOf(url)).toEqual(allowed ? null : expect.objectContaining({ status: 400, message: NOT_PUBLIC }));
      expect((await resolveTarget(new URL(url), production)).ok).toBe(allowed);
    },
  );
});

describe('names for this machine itself', () => {
  it.each([
    ['https://localhost./x', 'localhost.'],
    ['https://LOCALHOST./x', 'localhost.'],
    ['https://ip6-localhost/x', 'ip6-localhost'],
    ['https://IP6-Loopback./x', 'ip6-loopback.'],
    ['https://localhost.localdomain/x', 'localhost.localdomain'],
    ['https://localhost.localdomain./x', 'localhost.localdomain.'],
    ['https://hooks.localhost/x', 'hooks.localhost'],
    ['https://a.b.Localhost./x', 'a.b.localhost.'],
  ])('%s is refused when saved in production, with a 400 that says so', (url, host) => {
    expect(refusalOf(url)).toMatchObject({
      status: 400,
      message: `${NOT_PUBLIC}: ${host} is a name for this server itself`,
    });
  });

  it('takes a name that only contains "localhost", and any loopback name outside production', () => {
    expect(refusalOf('https://localhost.hooks.example.com/x')).toBeNull();
    expect(refusalOf('https://mylocalhost.example/x')).toBeNull();
    expect(() => assertSavableUrl('http://localhost./x', { allowPrivate: true })).not.toThrow();
  });
});

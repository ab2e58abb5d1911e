import { decodePayload } from '@tollgate/contract/http/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan } from '#test/proxies-helpers.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { subscriptionWhitelist } from './proxies.schema';

// Meant for PostgreSQL too (the server:postgres project), where the parallel adds really race.
let server: TestServer;
let staff: string;
beforeAll(async () => void ({ server, staff } = await createStaffedServer()));
afterAll(() => server.close());

const add = (token: string, id: string, ip: string) =>
  server.request('PATCH', `/api/v1/public/generator/${id}/add-whitelist-ip`, { token, body: { ip } });
const remove = (token: string, id: string, ip: string) =>
  server.request('PATCH', `/api/v1/public/generator/${id}/remove-whitelist-ip`, { token, body: { ip } });
const stored = async (id: string) => {
  const db = server.database.db;
  const [row] = await db
    .select({ count: subscriptions.whitelistCount })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  const ips = await db
    .select({ ip: subscriptionWhitelist.ip })
    .from(subscriptionWhitelist)
    .where(eq(subscriptionWhitelist.subscriptionId, id));
  return { count: row!.count, ips: ips.map((r) => r.ip).sort() };
};
const planOf = async (id: string) =>
  (
    await server.database.db
      .select({ planId: subscriptions.planId })
      .from(subscriptions)
      .where(eq(subscriptions.id, id))
  )[0]!.planId;
const limitOf = (id: string, limit: number) =>
  server.database.db.update(subscriptions).set({ whitelistLimit: limit }).where(eq(subscriptions.id, id));

describe('the IP whitelist', () => {
  it('adds and removes addresses, answering the list and its limit', async () => {
    const me = await customerWithPlan(server, staff);
    const first = await add(me.token, me.subscriptionId, '198.51.100.77');
    expect(first.body).toMatchObject({
      status: 200,
      message: 'IP added to whitelist',
      payload: { whitelist: ['198.51.100.77'], whitelistLimit: 10 },
    });
    const second = await add(me.token, me.subscriptionId, ' 203.0.113.7 ');
    expect(second.body.payload.whitelist).toEqual(['198.51.100.77', '203.0.113.7']);

    const removed = await remove(me.token, me.subscriptionId, '198.51.100.77');
    expect(removed.body).toMatchObject({
      message: 'IP removed from whitelist',
      payload: { whitelist: ['203.0.113.7'], whitelistLimit: 10 },
    });
    expect(await stored(me.subscriptionId)).toEqual({ count: 1, ips: ['203.0.113.7'] });
    const again = await remove(me.token, me.subscriptionId, '198.51.100.77');
    expect(again.body).toMatchObject({ status: 400, message: 'IP not on the whitelist' });
    expect(await stored(me.subscriptionId)).toEqual({ count: 1, ips: ['203.0.113.7'] });

    // The generator shows the same whitelist in its config.
    const generated = await server.request('GET', `/api/v1/public/generator/${me.subscriptionId}`, { token: me.token });
    expect(decodePayload<{ config: unknown }>(generated.body.payload).config).toMatchObject({
      whitelist: ['203.0.113.7'],
      whitelistLimit: 10,
    });
  });

  it('stores one canonical form per address, so IPv6 spellings and mapped IPv4 are duplicates', async () => {
    const me = await customerWithPlan(server, staff);
    const v6 = await add(me.token, me.subscriptionId, '2001:0DB8:0000:0000:0000:0000:0000:0001');
    expect(v6.body.payload.whitelist).toEqual(['2001:db8::1']);
    expect((await add(me.token, me.subscriptionId, '2001:db8::1')).body.message).toBe('IP already whitelisted');
    expect((await add(me.token, me.subscriptionId, '::FFFF:198.51.100.4')).body.payload.whitelist).toEqual([
      '2001:db8::1',
      '198.51.100.4',
    ]);
    expect((await add(me.token, me.subscriptionId, '198.51.100.4')).body.message).toBe('IP already whitelisted');
    expect((await remove(me.token, me.subscriptionId, '2001:DB8:0:0::1')).body.payload.whitelist).toEqual([
      '198.51.100.4',
    ]);
    expect(await stored(me.subscriptionId)).toEqual({ count: 1, ips: ['198.51.100.4'] });
  });

  it('refuses what is not an address', async () => {
    const me = await customerWithPlan(server, staff);
    for (const ip of ['1.2.3', '::g', '256.1.1.1', '01.2.3.4', 'fe80::1%eth0', 'localhost', '1.2.3.4/32']) {
      const res = await add(me.token, me.subscriptionId, ip);
      expect({ ip, status: res.status, message: res.body.message }).toEqual({
        ip,
        status: 400,
        message: 'Invalid IP address',
      });
    }
    expect((await remove(me.token, me.subscriptionId, '1.2.3')).body.message).toBe('Invalid IP address');
    expect((await add(me.token, me.subscriptionId, '')).body.message).toBe('Validation Error');
    expect(await stored(me.subscriptionId)).toEqual({ count: 0, ips: [] });
  });

  it('stops at the limit; a duplicate or refused add uses no slot, a removal frees one', async () => {
    const me = await customerWithPlan(server, staff);
    await limitOf(me.subscriptionId, 2);
    expect((await add(me.token, me.subscriptionId, '192.0.2.1')).status).toBe(200);
    expect((await add(me.token, me.subscriptionId, '192.0.2.1')).body.message).toBe('IP already whitelisted');
    expect((await add(me.token, me.subscriptionId, '192.0.2.2')).body.payload.whitelistLimit).toBe(2);
    const full = await add(me.token, me.subscriptionId, '192.0.2.3');
    expect(full.body).toMatchObject({ status: 400, message: 'Whitelist limit reached (2)' });
    // A duplicate of a held address is named as such even when the whitelist is full.
    expect((await add(me.token, me.subscriptionId, '192.0.2.2')).body.message).toBe('IP already whitelisted');
    expect(await stored(me.subscriptionId)).toEqual({ count: 2, ips: ['192.0.2.1', '192.0.2.2'] });

    await remove(me.token, me.subscriptionId, '192.0.2.1');
    expect((await add(me.token, me.subscriptionId, '192.0.2.3')).body.payload.whitelist).toEqual([
      '192.0.2.2',
      '192.0.2.3',
    ]);
    expect(await stored(me.subscriptionId)).toEqual({ count: 2, ips: ['192.0.2.2', '192.0.2.3'] });
  });

  it('gives the default limit when staff set none', async () => {
    const me = await customerWithPlan(server, staff);
    for (let i = 1; i <= 10; i++) expect((await add(me.token, me.subscriptionId, `198.19.1.${i}`)).status).toBe(200);
    expect((await add(me.token, me.subscriptionId, '198.19.1.11')).body.message).toBe('Whitelist limit reached (10)');
  });

  it('lets exactly the limit through when 20 different addresses are added at once', async () => {
    const me = await customerWithPlan(server, staff);
    await limitOf(me.subscriptionId, 3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => add(me.token, me.subscriptionId, `198.18.0.${i + 1}`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.body.message === 'Whitelist limit reached (3)')).toHaveLength(17);
    const { count, ips } = await stored(me.subscriptionId);
    expect(count).toBe(3);
    expect(ips).toHaveLength(3);
  });

  it('is for the owner of a running plan only', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    expect((await add(other.token, me.subscriptionId, '192.0.2.9')).status).toBe(404);
    await add(me.token, me.subscriptionId, '192.0.2.9');
    expect((await remove(other.token, me.subscriptionId, '192.0.2.9')).status).toBe(404);
    await server.database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.id, me.subscriptionId));
    expect((await add(me.token, me.subscriptionId, '192.0.2.10')).body.message).toBe('Plan expired');
    expect((await remove(me.token, me.subscriptionId, '192.0.2.9')).body.message).toBe('Plan expired');
    expect(await stored(me.subscriptionId)).toEqual({ count: 1, ips: ['192.0.2.9'] });
  });

  it('refuses addresses no customer connects from: unspecified, broadcast, loopback, private, link-local', async () => {
    const me = await customerWithPlan(server, staff);
    const refused = [
      '0.0.0.0',
      '::',
      '255.255.255.255',
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '224.0.0.1',
      'ff02::1',
    ];
    for (const ip of refused) {
      const res = await add(me.token, me.subscriptionId, ip);
      expect({ ip, status: res.status, message: res.body.message }).toEqual({
        ip,
        status: 400,
        message: 'Only a public IP address can be whitelisted',
      });
    }
    expect(await stored(me.subscriptionId)).toEqual({ count: 0, ips: [] });
  });

  it('keeps an address with the account that whitelisted it, without saying which account that is', async () => {
    const owner = await customerWithPlan(server, staff);
    const attacker = await customerWithPlan(server, staff);
    expect((await add(owner.token, owner.subscriptionId, '203.0.113.50')).status).toBe(200);
    const hijack = await add(attacker.token, attacker.subscriptionId, '::ffff:203.0.113.50');
    expect(hijack.body).toEqual({
      status: 400,
      message: 'This IP is whitelisted by another account',
      payload: { error: 'This IP is whitelisted by another account' },
    });
    expect(hijack.text).not.toContain(owner.account.username);
    expect(hijack.text).not.toContain(owner.account.email);
    expect(await stored(attacker.subscriptionId)).toEqual({ count: 0, ips: [] });

    // The owner's second plan may list it too; the address is free once no plan of theirs does.
    const ownerSecond = await server.request(
      'POST',
      `/api/v1/public/plans/${await planOf(owner.subscriptionId)}/purchase`,
      {
        token: owner.token,
        body: { value: 1, country: 'US', paymentMethod: 'balance' },
      },
    );
    const second = ownerSecond.body.payload.subscriptionId as string;
    expect((await add(owner.token, second, '203.0.113.50')).status).toBe(200);
    expect((await remove(owner.token, owner.subscriptionId, '203.0.113.50')).status).toBe(200);
    expect((await add(attacker.token, attacker.subscriptionId, '203.0.113.50')).body.message).toBe(
      'This IP is whitelisted by another account',
    );
    expect((await remove(owner.token, second, '203.0.113.50')).status).toBe(200);
    expect((await add(attacker.token, attacker.subscriptionId, '203.0.113.50')).status).toBe(200);
  });

  it('gives a contested address to exactly one of 10 accounts adding it at once', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => customerWithPlan(server, staff)));
    const answers = await Promise.all(customers.map((c) => add(c.token, c.subscriptionId, '203.0.113.99')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.message === 'This IP is whitelisted by another account')).toHaveLength(9);
    const holders = await server.database.db
      .select({ id: subscriptionWhitelist.subscriptionId })
      .from(subscriptionWhitelist)
      .where(eq(subscriptionWhitelist.ip, '203.0.113.99'));
    expect(holders).toHaveLength(1);
  });
});

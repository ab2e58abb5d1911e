import type { Role } from '@tollgate/contract/access/roles';
import { AWAITS_APPROVAL, STAFF_LIMITS_KEY } from '@tollgate/contract/admin/change-requests';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, settings, staffChangeRequests } from '#platform/db/schema.ts';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan } from '#test/commerce.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

/**
 * Issue 34, medium 1, as an attacker would try it: staff limits are running totals per staff member
 * and account over a window, and Managers and Support reach customers only, on every staff write.
 */
let server: TestServer;
let admin: TestAccount;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
});
afterAll(() => server.close());

async function as(who: TestAccount) {
  if (!tokens.has(who.id)) tokens.set(who.id, await server.tokenFor(who));
  return tokens.get(who.id)!;
}
const credit = async (by: TestAccount, userId: string, dollars: number) =>
  server.request('PATCH', `/api/v1/admin/accounts/${userId}/balance`, {
    token: await as(by),
    body: { balanceToAddOrSub: dollars, reason: 'Goodwill credit' },
  });
async function money(accountId: string) {
  const db = server.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, accountId));
  return { balanceCents: account!.balanceCents, ledgerRows: rows.length };
}
const pendingFor = async (accountId: string) =>
  (
    await server.database.db
      .select()
      .from(staffChangeRequests)
      .where(and(eq(staffChangeRequests.accountId, accountId), eq(staffChangeRequests.status, 'pending')))
  ).length;
/** A plan the Administrator gives `owner`, whoever it is (Administrators reach every account). */
async function planOf(owner: TestAccount, options: { trial?: boolean } = {}) {
  const plan = await buildPlan(server, { trial: options.trial ?? false });
  const given = await server.request('POST', `/api/v1/admin/accounts/${owner.id}/add-subscription`, {
    token: await as(admin),
    body: { plan: plan.id, additionalField: 2 },
  });
  expect(given.status).toBe(200);
  return given.body.payload.id as string;
}
const gbOf = async (id: string) =>
  (await server.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.bandwidthGb;

describe('running totals: six small credits do not add up to one large one', () => {
  it('applies a Manager’s $499 credits to one customer until the day’s $500 is reached, then files the rest', async () => {
    const manager = await server.buildAccount({ role: 'Manager' });
    const customer = await server.buildAccount();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await credit(manager, customer.id, 499));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(answers[0]!.body.message).toBe('Balance updated');
    expect(answers.slice(1).map((r) => r.body.message)).toEqual(Array(5).fill(AWAITS_APPROVAL));
    expect(answers.slice(1).map((r) => r.body.payload.change)).toEqual(Array(5).fill(0));
    expect(await money(customer.id)).toEqual({ balanceCents: 49_900, ledgerRows: 1 });
    expect(await pendingFor(customer.id)).toBe(5);
    // The last dollar of the day still applies; two more wait: the total counts, not one call's size.
    expect((await credit(manager, customer.id, 1)).body.message).toBe('Balance updated');
    expect((await credit(manager, customer.id, 2)).body.message).toBe(AWAITS_APPROVAL);
    expect(await money(customer.id)).toEqual({ balanceCents: 50_000, ledgerRows: 2 });
  });

  it('counts six credits sent at once one after another: exactly one applies', async () => {
    const manager = await server.buildAccount({ role: 'Manager' });
    const customer = await server.buildAccount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => credit(manager, customer.id, 499)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(answers.filter((r) => r.body.message === 'Balance updated')).toHaveLength(1);
    expect(await money(customer.id)).toEqual({ balanceCents: 49_900, ledgerRows: 1 });
    expect(await pendingFor(customer.id)).toBe(5);
  });

  it('counts debits as moved money too, forgets changes older than the window, and reads the window from StaffLimits', async () => {
    const manager = await server.buildAccount({ role: 'Manager' });
    const customer = await server.buildAccount();
    expect((await credit(manager, customer.id, 300)).body.message).toBe('Balance updated');
    expect((await credit(manager, customer.id, -250)).body.message).toBe(AWAITS_APPROVAL);
    // A day later the same Manager starts afresh.
    await server.database.db.execute(
      sql`update staff_grants set created_at = now() - interval '25 hours' where actor_id = ${manager.id}`,
    );
    expect((await credit(manager, customer.id, 450)).body.message).toBe('Balance updated');
    await server.database.db.insert(settings).values({ key: STAFF_LIMITS_KEY, value: { windowHours: 1 } });
    try {
      await server.database.db.execute(
        sql`update staff_grants set created_at = now() - interval '2 hours' where actor_id = ${manager.id}`,
      );
      expect((await credit(manager, customer.id, 450)).body.message).toBe('Balance updated');
    } finally {
      await server.database.db.delete(settings).where(eq(settings.key, STAFF_LIMITS_KEY));
    }
    expect(await money(customer.id)).toEqual({ balanceCents: 120_000, ledgerRows: 3 });
  });

  it('keeps Support’s GB and days for one account to its bound over the day, across plans and trial grants', async () => {
    const support = await server.buildAccount({ role: 'Support' });
    const customer = await server.buildAccount();
    const [first, second] = [await planOf(customer), await planOf(customer)];
    const add = async (id: string, bandwidth: number) =>
      server.request('PATCH', `/api/v1/support/subscriptions/${id}/add`, {
        token: await as(support),
        body: { bandwidth, reason: 'Outage' },
      });
    const messages = [];
    for (let i = 0; i < 10; i++) messages.push((await add(i % 2 ? second : first, 25)).body.message);
    expect(messages).toEqual([...Array(2).fill('Subscription updated'), ...Array(8).fill(AWAITS_APPROVAL)]);
    expect((await gbOf(first)) + (await gbOf(second))).toBe(2 + 2 + 50);
    // A trial plan with GB counts against the same bound, and is refused rather than queued.
    const trial = await buildPlan(server, { trial: true });
    const given = await server.request('POST', `/api/v1/support/accounts/${customer.id}/add-subscription`, {
      token: await as(support),
      body: { plan: trial.id, additionalField: 1 },
    });
    expect(given.status).toBe(403);

    const days = [];
    for (let i = 0; i < 10; i++)
      days.push(
        (
          await server.request('POST', `/api/v1/support/plantime/${first}`, {
            token: await as(support),
            body: { timeToAdd: 16, operationType: 'add' },
          })
        ).body.message,
      );
    expect(days).toEqual(['Subscription updated', ...Array(9).fill(AWAITS_APPROVAL)]);
  });
});

type TargetKind = 'customer' | 'Administrator' | 'Manager' | 'Support' | 'reseller';
const TARGETS: TargetKind[] = ['customer', 'Administrator', 'Manager', 'Support', 'reseller'];
const buildTarget = (kind: TargetKind) =>
  kind === 'customer'
    ? server.buildAccount()
    : kind === 'reseller'
      ? server.buildAccount({ reseller: true })
      : server.buildAccount({ role: kind });

/** Every staff write that names an account or one of its plans, as the role's own desk calls it. */
interface Write {
  name: string;
  roles: Role[];
  call(token: string, desk: 'admin' | 'support', target: TestAccount, subscriptionId: string): Promise<number>;
}
const status = async (promise: Promise<{ status: number }>) => (await promise).status;
const WRITES: Write[] = [
  {
    name: 'balance credit',
    roles: ['Manager'],
    call: (token, _desk, target) =>
      status(
        server.request('PATCH', `/api/v1/admin/accounts/${target.id}/balance`, {
          token,
          body: { balanceToAddOrSub: 5, reason: 'Goodwill credit' },
        }),
      ),
  },
  {
    name: 'add GB',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) =>
      status(server.request('PATCH', `/api/v1/${desk}/subscriptions/${id}/add`, { token, body: { bandwidth: 1 } })),
  },
  {
    name: 'add days',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) =>
      status(
        server.request('POST', `/api/v1/${desk}/plantime/${id}`, {
          token,
          body: { timeToAdd: 1, operationType: 'add' },
        }),
      ),
  },
  {
    name: 'take days',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) =>
      status(
        server.request('POST', `/api/v1/${desk}/plantime/${id}`, {
          token,
          body: { timeToAdd: 1, operationType: 'subtract' },
        }),
      ),
  },
  {
    name: 'resolve',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) =>
      status(server.request('PATCH', `/api/v1/${desk}/subscriptions/${id}/resolve`, { token })),
  },
  {
    name: 'new proxy password',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) => status(server.request('POST', `/api/v1/${desk}/resigen`, { token, body: { id } })),
  },
  {
    name: 'whitelist limit',
    roles: ['Manager'],
    call: (token, _d, _t, id) => status(server.request('GET', `/api/v1/admin/setwhitelistlimit/${id}/3`, { token })),
  },
  {
    name: 'edit plan',
    roles: ['Manager'],
    call: (token, _d, _t, id) =>
      status(server.request('PATCH', `/api/v1/admin/subscriptions/${id}`, { token, body: { autoRenew: false } })),
  },
  {
    name: 'give a plan',
    roles: ['Manager', 'Support'],
    call: async (token, desk, target) => {
      const plan = await buildPlan(server, { trial: true });
      return status(
        server.request('POST', `/api/v1/${desk}/accounts/${target.id}/add-subscription`, {
          token,
          body: { plan: plan.id },
        }),
      );
    },
  },
  {
    name: 'delete plan',
    roles: ['Manager', 'Support'],
    call: (token, desk, _t, id) => status(server.request('DELETE', `/api/v1/${desk}/subscriptions/${id}`, { token })),
  },
];

describe('Managers and Support reach customers only, on every staff write (role x target)', () => {
  const cells = WRITES.flatMap((write) =>
    write.roles.flatMap((role) => TARGETS.map((target) => ({ write, role, target }))),
  );
  it.each(cells.map((c) => [c.write.name, c.role, c.target, c] as const))(
    '%s by %s on a %s account',
    async (_name, role, kind, { write }) => {
      const actor = await server.buildAccount({ role });
      const target = await buildTarget(kind);
      const id = await planOf(target);
      const before = await money(target.id);
      const answer = await write.call(await as(actor), role === 'Support' ? 'support' : 'admin', target, id);
      if (kind === 'customer') {
        expect(answer).toBe(200);
      } else {
        // Support's desk does not even see staff accounts for some calls (404); nothing moves either way.
        expect([403, 404]).toContain(answer);
        expect(await money(target.id)).toEqual(before);
        expect(await gbOf(id)).toBe(2);
      }
    },
  );

  it('lets the Administrator make each of these changes to every kind of account', async () => {
    for (const kind of TARGETS) {
      const target = await buildTarget(kind);
      const id = await planOf(target);
      for (const write of WRITES) expect(await write.call(await as(admin), 'admin', target, id)).toBe(200);
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_REASON_GIVEN } from '@tollgate/contract/admin/accounts';
import { accounts, auditLog } from '#platform/db/schema.ts';
import { mailsTo } from '#test/auth-helpers.ts';
import { createTestServer, type TestAccount, type TestServer } from '#test/harness.ts';

let server: TestServer;
let admin: TestAccount;
let adminToken: string;
let manager: TestAccount;
let managerToken: string;
beforeAll(async () => {
  server = await createTestServer();
  admin = await server.buildAccount({ role: 'Administrator' });
  adminToken = await server.tokenFor(admin);
  manager = await server.buildAccount({ role: 'Manager' });
  managerToken = await server.tokenFor(manager);
});
afterAll(() => server.close());

const edit = (userId: string, body: unknown, token = adminToken) =>
  server.request('PATCH', `/api/v1/admin/accounts/${userId}`, { token, body });
const auditOf = (userId: string) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'account.update')));
const rowOf = async (id: string) => (await server.database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!;

describe('editing an account', () => {
  it('takes the rates under the spec’s names too (§3 Referral*RewardRate); a nested value given as well wins', async () => {
    const customer = await server.buildAccount({ emailVerified: true });
    const res = await edit(customer.id, {
      ReferralResidentialRewardRate: 7.25,
      ReferralISPRewardRate: 4,
      ReferralMobileRewardRate: 9,
      referralRates: { mobile: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      referralRates: { residential: 7.25, datacenter: 0, isp: 4, ipv6: 0, mobile: 2 },
      ReferralResidentialRewardRate: 7.25,
      ReferralISPRewardRate: 4,
      ReferralMobileRewardRate: 2,
    });
    const refused = await edit(customer.id, { ReferralDatacenterRewardRate: 100.5 });
    expect(refused.status).toBe(400);
    expect(refused.body.payload.fields).toEqual([
      { path: 'body.ReferralDatacenterRewardRate', message: 'At most 100%' },
    ]);
    expect((await rowOf(customer.id)).referralDatacenterBps).toBe(0);
  });

  it('changes flags, the card limit, the notice and referral rates, auditing only what changed', async () => {
    const customer = await server.buildAccount({ emailVerified: true });
    const res = await edit(customer.id, {
      stripePaymentProcessorEnabled: false,
      stripeLimit: 250.5,
      cryptoPaymentProcessorEnabled: true,
      message: '  Your plan migrates on Monday.  ',
      referralRates: { residential: 12.5, mobile: 3 },
      reason: 'Chargeback risk, ticket #7',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Updated Successfully');
    expect(res.body.payload).toMatchObject({
      stripePaymentProcessorEnabled: false,
      cryptoPaymentProcessorEnabled: true,
      stripeLimit: 250.5,
      message: 'Your plan migrates on Monday.',
      referralRates: { residential: 12.5, datacenter: 0, isp: 0, ipv6: 0, mobile: 3 },
    });
    const row = await rowOf(customer.id);
    expect(row).toMatchObject({ stripeLimitCents: 25050, referralResidentialBps: 1250, referralMobileBps: 300 });
    const [entry, ...more] = await auditOf(customer.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorId: admin.id,
      reason: 'Chargeback risk, ticket #7',
      before: {
        stripePaymentProcessorEnabled: true,
        stripeLimit: 1000,
        message: null,
        'referralRates.residential': 0,
        'referralRates.mobile': 0,
      },
      after: {
        stripePaymentProcessorEnabled: false,
        stripeLimit: 250.5,
        message: 'Your plan migrates on Monday.',
        'referralRates.residential': 12.5,
        'referralRates.mobile': 3,
      },
    });
    // Unchanged fields (crypto was already on) are not in the row.
    expect(entry!.before).not.toHaveProperty('cryptoPaymentProcessorEnabled');

    // The customer sees the notice; an empty text clears it.
    const token = await server.tokenFor(customer);
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.staffMessage).toBe(
      'Your plan migrates on Monday.',
    );
    await edit(customer.id, { message: '' });
    expect((await server.request('GET', '/api/v1/auth/me', { token })).body.payload.staffMessage).toBeNull();
  });

  it('records that no reason was given when a payment method, the card limit or the role changes without one', async () => {
    const customer = await server.buildAccount();
    for (const body of [{ balancePaymentProcessorEnabled: false }, { stripeLimit: 5 }, { role: 'Support' }]) {
      expect((await edit(customer.id, body)).status).toBe(200);
    }
    const [row] = await server.database.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, customer.id), eq(auditLog.action, 'account.update')))
      .limit(1);
    expect(row!.reason).toBe(NO_REASON_GIVEN);
    expect((await edit(customer.id, { stripeLimit: 5, reason: 'ab' })).body.payload.fields[0].path).toBe('body.reason');
    expect((await edit(customer.id, { message: 'Hello' })).status).toBe(200);
    expect((await rowOf(customer.id)).stripeLimitCents).toBe(500);
  });

  it('refuses a taken email or username with the field, and bad values with theirs', async () => {
    const one = await server.buildAccount();
    const two = await server.buildAccount();
    const email = await edit(one.id, { email: two.email.toUpperCase() });
    expect(email.status).toBe(400);
    expect(email.body.payload.fields).toEqual([
      { path: 'body.email', message: 'This email belongs to another account' },
    ]);
    const name = await edit(one.id, { username: two.username.toUpperCase() });
    expect(name.body.payload.fields).toEqual([
      { path: 'body.username', message: 'This username belongs to another account' },
    ]);
    for (const body of [
      { email: 'not-an-address' },
      { username: 'a' },
      { stripeLimit: -1, reason: 'why not' },
      { stripeLimit: 1.001, reason: 'why not' },
      { referralRates: { isp: 101 } },
      { message: 'x'.repeat(501) },
      { role: 'Owner', reason: 'why not' },
      { username: 'bad\u0000name' },
    ]) {
      expect((await edit(one.id, body)).status).toBe(400);
    }
    // One's own address in other letters is no change.
    expect((await edit(one.id, { email: one.email.toUpperCase() })).status).toBe(200);
    expect(await auditOf(one.id)).toEqual([]);
  });

  it('unverifies a changed email, mails the new address a link, and ends links sent to the old one', async () => {
    const customer = await server.buildAccount({ emailVerified: true });
    await server.request('POST', '/api/v1/auth/forgot-password', { body: { email: customer.email } });
    const oldMail = (await mailsTo(server, customer.email)).find((m) =>
      m.links.some((l) => l.includes('/change-password/')),
    );
    const resetLink = oldMail!.links.find((l) => l.includes('/change-password/'))!;

    const fresh = `changed-${customer.username}@example.com`.toLowerCase();
    const res = await edit(customer.id, { email: fresh });
    expect(res.body.payload).toMatchObject({ email: fresh, emailVerified: false });
    const [entry] = await auditOf(customer.id);
    expect(entry).toMatchObject({
      before: { email: customer.email, emailVerified: true },
      after: { email: fresh, emailVerified: false },
    });
    const mails = await mailsTo(server, fresh);
    expect(mails.some((m) => m.links.some((l) => l.includes('/verify-email/process/')))).toBe(true);
    const reset = await server.request('POST', `/api/v1/auth/reset-password/${resetLink.split('/').pop()}`, {
      body: { password: 'A-new-password-9' },
    });
    expect(reset.status).toBe(400);
  });

  it('lets only an Administrator change a role, never their own, and never the last Administrator', async () => {
    const customer = await server.buildAccount();
    const promoted = await edit(customer.id, { role: 'Support', reason: 'Joins the support team' });
    expect(promoted.body.payload.role).toBe('Support');
    const own = await edit(admin.id, { role: 'Manager', reason: 'stepping down' });
    expect(own.status).toBe(403);
    expect(own.body.payload.error).toBe('Nobody can change their own role');

    // A second Administrator may demote the first; the survivor is then the last one.
    const second = await server.buildAccount({ role: 'Administrator' });
    const secondToken = await server.tokenFor(second);
    const third = await server.buildAccount({ role: 'Administrator' });
    expect((await edit(third.id, { role: 'User', reason: 'left the company' }, secondToken)).status).toBe(200);
    // The last two Administrators demoting each other at once: one wins, one Administrator is left.
    const answers = await Promise.all([
      edit(second.id, { role: 'User', reason: 'mutual' }, adminToken),
      edit(admin.id, { role: 'User', reason: 'mutual' }, secondToken),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.every((r) => [200, 400, 403].includes(r.status))).toBe(true);
    const left = await server.database.db.select().from(accounts).where(eq(accounts.role, 'Administrator'));
    expect(left).toHaveLength(1);
    // Put the suite's Administrator back for the tests that follow.
    await server.database.db.update(accounts).set({ role: 'Administrator' }).where(eq(accounts.id, admin.id));
  });

  it('keeps a Manager to customer accounts, without roles; an empty edit is a harmless no-op', async () => {
    const customer = await server.buildAccount();
    expect((await edit(customer.id, { stripeLimit: 20, reason: 'fraud check' }, managerToken)).status).toBe(200);
    const role = await edit(customer.id, { role: 'Manager', reason: 'promotion' }, managerToken);
    expect(role.status).toBe(403);
    expect(role.body.payload.error).toBe('Only an Administrator can change a role');
    // The same role as now is no change, so a form that sends every field still saves.
    expect((await edit(customer.id, { role: 'User', message: 'hi' }, managerToken)).status).toBe(200);

    const support = await server.buildAccount({ role: 'Support' });
    const reseller = await server.buildAccount({ reseller: true });
    for (const target of [support, reseller, admin, manager]) {
      const res = await edit(target.id, { message: 'hello' }, managerToken);
      expect(res.status).toBe(403);
      expect(res.body.payload.error).toBe('A Manager can change customer accounts only; ask an Administrator');
    }
    const empty = await edit(manager.id, {}, managerToken);
    expect(empty.status).toBe(200);
    expect(empty.body.payload.id).toBe(manager.id);
    expect((await edit('00000000-0000-4000-8000-000000000000', {}, managerToken)).status).toBe(404);
  });

  it('gives an email to exactly one of two accounts when 20 edits race for it', async () => {
    const a = await server.buildAccount();
    const b = await server.buildAccount();
    const wanted = `race-${a.username}@example.com`.toLowerCase();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => edit(i % 2 === 0 ? a.id : b.id, { email: wanted })),
    );
    expect(answers.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    for (const r of answers.filter((x) => x.status === 400))
      expect(r.body.payload.fields).toEqual([{ path: 'body.email', message: 'This email belongs to another account' }]);
    const owners = [await rowOf(a.id), await rowOf(b.id)].filter((r) => r.email === wanted);
    expect(owners).toHaveLength(1);
    const changes = [...(await auditOf(a.id)), ...(await auditOf(b.id))];
    expect(changes).toHaveLength(1);
  });
});

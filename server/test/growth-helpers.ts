import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { accounts } from '#platform/db/schema.ts';
import { buildPlan, fund } from './commerce';
import { createStaffedServer, type TestAccount, type TestServer } from './harness';

let n = 0;
/** A documentation address (RFC 5737) per call, so sign-ups neither share an address nor hit a rate limit. */
export const nextIp = () => `198.51.100.${(++n % 250) + 1}`;

/** Staff set an account's referral rates (percent) through the account edit call, as on its page. */
export async function setRates(
  server: TestServer,
  adminToken: string,
  userId: string,
  rates: Partial<Record<'residential' | 'datacenter' | 'isp' | 'ipv6' | 'mobile', number>>,
) {
  const res = await server.request('PATCH', `/api/v1/admin/accounts/${userId}`, {
    token: adminToken,
    body: { referralRates: rates },
  });
  if (res.status !== 200) throw new Error(`setting rates failed: ${res.text}`);
}

export async function setSetting(server: TestServer, adminToken: string, key: string, text: string) {
  const res = await server.request('PUT', '/api/v1/admin/settings', { token: adminToken, body: { [key]: text } });
  if (res.status !== 200) throw new Error(`setting ${key} failed: ${res.text}`);
}

/** Signs up through the form's call, as a visitor from `ip` who followed a link; the new account. */
export async function signUp(
  server: TestServer,
  options: { referralCode?: string; partnerCode?: string; ip?: string; cookie?: string; email?: string } = {},
): Promise<TestAccount & { token: string }> {
  const tag = randomBytes(4).toString('hex');
  const email = options.email ?? `signup-${tag}@example.test`;
  const password = `Long-enough-${tag}`;
  const res = await server.request('POST', '/api/v1/auth/register', {
    body: {
      username: `signup_${tag}`,
      email,
      password,
      acceptTerms: true,
      ...(options.referralCode ? { referralCode: options.referralCode } : {}),
      ...(options.partnerCode ? { partnerCode: options.partnerCode } : {}),
    },
    headers: { 'x-forwarded-for': options.ip ?? nextIp(), ...(options.cookie ? { cookie: options.cookie } : {}) },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.text}`);
  // The customer followed the verification mail (paying needs a verified address).
  const [row] = await server.database.db
    .update(accounts)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(accounts.email, email))
    .returning();
  const account = { id: row!.id, username: row!.username, email, password, role: row!.role };
  return { ...account, token: await server.tokenFor(account) };
}

export async function referralCodeOf(server: TestServer, accountId: string) {
  const [row] = await server.database.db
    .select({ code: accounts.referralCode })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row!.code;
}

/** A residential plan at $10 a GB, so a purchase of `gb` costs `10 * gb` dollars. */
export const tenDollarPlan = (server: TestServer) =>
  buildPlan(server, { bandwidthPrices: JSON.stringify([{ value: 1, price: 10 }]) });

/** The growth tests' shop: an Administrator's token and the $10 plan they buy. */
export async function growthShop(options?: Parameters<typeof createStaffedServer>[0]) {
  const { server, staff } = await createStaffedServer(options);
  return { server, admin: staff, planId: (await tenDollarPlan(server)).id };
}

/** Funds the buyer and buys `gb` of the plan from balance; the invoice and subscription ids. */
export async function buy(
  server: TestServer,
  staffToken: string,
  buyer: { id: string; token: string },
  planId: string,
  gb: number,
) {
  await fund(server, staffToken, buyer.id, gb * 10);
  const res = await server.request('POST', `/api/v1/public/plans/${planId}/purchase`, {
    token: buyer.token,
    body: { value: gb, country: 'US', paymentMethod: 'balance' },
  });
  if (res.status !== 200) throw new Error(`purchase failed: ${res.text}`);
  return res.body.payload as { invoiceId: string; subscriptionId: string };
}

import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ledger } from '#platform/billing/ledger.ts';
import type { Tx } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { giftAccountUses, giftCodes, giftRedemptions } from '#modules/gifts/gifts.schema.ts';
import { partners, partnerVisits } from '#modules/partners/partners.schema.ts';
import { referrals } from '#modules/referrals/referrals.schema.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type Family = 'residential' | 'datacenter' | 'isp' | 'ipv6' | 'mobile';
/** Customers the demo customer brought, what they paid and when (days ago), and the partner they came through. */
const FRIENDS: Array<{
  username: string;
  email: string;
  joined: number;
  partner?: string;
  buys: Array<[number, Family, number]>;
}> = [
  {
    username: 'maria_k',
    email: 'maria.k@example.com',
    joined: 150,
    partner: 'proxyreviews.example',
    buys: [
      [140, 'residential', 4500],
      [80, 'residential', 4500],
      [20, 'residential', 9000],
    ],
  },
  {
    username: 'dev_ops_tom',
    email: 'tom.ops@example.com',
    joined: 95,
    buys: [
      [90, 'datacenter', 3000],
      [3, 'isp', 2400],
    ],
  },
  {
    username: 'lena_scrapes',
    email: 'lena@example.com',
    joined: 40,
    partner: 'proxyreviews.example',
    buys: [[35, 'mobile', 6000]],
  },
  { username: 'sam_new', email: 'sam.new@example.com', joined: 6, buys: [] },
];

/**
 * Growth demo (issue 16): the demo customer's referral rates, four referrals with paid orders (the
 * invoices' trigger writes the rewards, some past the holding period), two partner domains with
 * visits, and gift codes, one redeemed. The demo customer's own balance and spending stay as they were.
 */
export async function seedDemoGrowth(tx: Tx, customerId: string, adminId: string) {
  await tx
    .update(accounts)
    .set({
      referralResidentialBps: 1000,
      referralDatacenterBps: 800,
      referralIspBps: 800,
      referralIpv6Bps: 500,
      referralMobileBps: 1000,
    })
    .where(eq(accounts.id, customerId));

  const domains = ['proxyreviews.example', 'scraping-weekly.example'];
  const partnerRows = await tx
    .insert(partners)
    .values(domains.map((domain, i) => ({ domain, createdBy: adminId, createdAt: ago(180 - i * 60) })))
    .returning({ id: partners.id, domain: partners.domain });
  // Visitors over the last months, more of them lately.
  for (const [i, partner] of partnerRows.entries()) {
    const count = i === 0 ? 64 : 23;
    await tx.insert(partnerVisits).values(
      Array.from({ length: count }, (_, n) => ({
        partnerId: partner.id,
        visitorKey: randomBytes(16).toString('hex'),
        createdAt: ago(Math.floor(((n * 37) % 170) * (1 - n / (count * 2)))),
      })),
    );
  }

  const [{ code } = { code: '' }] = await tx
    .select({ code: accounts.referralCode })
    .from(accounts)
    .where(eq(accounts.id, customerId));
  const friendIds: string[] = [];
  for (const friend of FRIENDS) {
    const [row] = await tx
      .insert(accounts)
      .values({
        username: friend.username,
        email: friend.email,
        emailVerifiedAt: ago(friend.joined),
        referralCodeUsed: code,
        partnerCode: friend.partner ?? null,
        createdAt: ago(friend.joined),
      })
      .returning({ id: accounts.id });
    friendIds.push(row!.id);
    await tx.insert(referrals).values({ referredId: row!.id, referrerId: customerId, createdAt: ago(friend.joined) });
    for (const [days, family, cents] of friend.buys) {
      // Paid from a card: the invoice alone, as a settled checkout leaves it; the trigger rewards the referrer.
      await tx.execute(sql`insert into invoices (number, account_id, kind, description, plan_title, plan_type, units, unit,
          days, country, subtotal_cents, total_cents, payment_method, status, created_at, paid_at)
        values ('INV-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('invoice_number_seq')::text, 6, '0'),
          ${row!.id}, 'purchase', ${`Demo ${family} plan`}, ${`Demo ${family}`}, ${family}, 10, 'GB', 30, 'US',
          ${cents}, ${cents}, 'stripe', 'paid', ${ago(days)}, ${ago(days)})`);
    }
  }

  const [welcome] = await tx
    .insert(giftCodes)
    .values({
      code: 'SPRING-GIFT-5',
      kind: 'balance',
      amountCents: 500,
      quantity: 100,
      note: 'Newsletter: spring offer',
      createdBy: adminId,
      expiresAt: new Date(Date.now() + 60 * DAY),
      createdAt: ago(20),
    })
    .returning({ id: giftCodes.id });
  await tx.insert(giftCodes).values([
    {
      code: 'OUTAGE-SORRY',
      kind: 'balance',
      amountCents: 1000,
      quantity: 25,
      note: 'Apology for the 12 May outage',
      createdBy: adminId,
      createdAt: ago(9),
    },
    {
      code: 'LAUNCH-2025',
      kind: 'balance',
      amountCents: 300,
      quantity: 50,
      createdBy: adminId,
      createdAt: ago(200),
      disabledAt: ago(150),
    },
  ]);
  // One redemption, as the redeem call would leave it.
  const redemptionId = randomUUID();
  await tx.insert(giftAccountUses).values({ giftId: welcome!.id, accountId: friendIds[0]!, uses: 1, useLimit: 1 });
  await tx.update(giftCodes).set({ redeemed: 1 }).where(eq(giftCodes.id, welcome!.id));
  await ledger.credit(tx, {
    accountId: friendIds[0]!,
    amountCents: 500,
    kind: 'gift',
    reference: redemptionId,
    reason: 'Gift code SPRING-GIFT-5',
  });
  await tx
    .insert(giftRedemptions)
    .values({ id: redemptionId, giftId: welcome!.id, accountId: friendIds[0]!, kind: 'balance', amountCents: 500 });
}

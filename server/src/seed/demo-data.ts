import type { Role } from '@tollgate/contract/access/roles';
import type { LandingPayload } from '@tollgate/contract/general/landing';
import type { Db } from '#platform/db/client.ts';
import { accountsService } from '#modules/auth/accounts.service.ts';
import { settingsRepository } from '#modules/settings/settings.repository.ts';
import { seedDemoGrowth } from './demo-growth';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoReseller } from './demo-reseller';

/** Listed in the README; only ever created outside production. */
export const DEMO_ACCOUNTS: { role: Role; reseller?: boolean; email: string; username: string; password: string }[] = [
  { role: 'Administrator', email: 'admin@tollgate.local', username: 'admin', password: 'Admin-demo-2026!' },
  { role: 'Manager', email: 'manager@tollgate.local', username: 'manager', password: 'Manager-demo-2026!' },
  { role: 'Support', email: 'support@tollgate.local', username: 'support', password: 'Support-demo-2026!' },
  { role: 'User', email: 'customer@tollgate.local', username: 'customer', password: 'Customer-demo-2026!' },
  {
    role: 'User',
    reseller: true,
    email: 'reseller@tollgate.local',
    username: 'reseller',
    password: 'Reseller-demo-2026!',
  },
];

/** Settings rows as stored: the landing call serves SocialLinks as `{ value: rows }`. */
export function demoSettings(now = new Date()): Record<
  'SocialLinks' | 'Copyright' | 'Announcements' | 'FAQ' | 'Status',
  unknown
> & {
  SocialLinks: LandingPayload['SocialLinks']['value'];
} {
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();
  return {
    SocialLinks: [
      { social: 'Discord', link: 'https://discord.com/invite/tollgate' },
      { social: 'Telegram', link: 'https://t.me/tollgate' },
      { social: 'Instagram', link: 'https://www.instagram.com/tollgate' },
      { social: 'Twitter', link: 'https://x.com/tollgate' },
      { social: 'Facebook', link: 'https://www.facebook.com/tollgate' },
    ],
    Copyright: `© ${now.getUTCFullYear()} Tollgate. All rights reserved.`,
    Announcements: [
      {
        id: 'welcome',
        title: 'Welcome to Tollgate',
        message: 'Residential, mobile, ISP, datacenter and IPv6 proxies from one dashboard.',
        level: 'info',
        createdAt: daysAgo(3),
      },
      {
        id: 'ipv6-pool',
        title: 'Larger IPv6 pool',
        message: 'Our IPv6 pool now spans more subnets in the US and Germany.',
        level: 'success',
        createdAt: daysAgo(1),
      },
    ],
    FAQ: [
      {
        question: 'How do I pay?',
        answer: 'Deposit balance by card or crypto, then buy or renew plans with it in one click.',
      },
      {
        question: 'What is the difference between sticky and rotating proxies?',
        answer:
          'Rotating proxies give you a new exit IP for every connection; sticky sessions keep the same IP for the session lifetime you choose.',
      },
      {
        question: 'Can I whitelist my server IP instead of using a password?',
        answer:
          "Yes. Add IPv4 or IPv6 addresses to a plan's whitelist and connect without credentials from those addresses.",
      },
      {
        question: 'Do unused gigabytes expire?',
        answer: 'Bandwidth stays on your plan until the plan expires. Renew or extend before the end date to keep it.',
      },
    ],
    Status: {
      overall: 'operational',
      message: 'All systems operational',
      components: [
        { name: 'Dashboard and API', state: 'operational' },
        { name: 'Residential network', state: 'operational' },
        { name: 'Mobile network', state: 'operational' },
        { name: 'ISP and datacenter network', state: 'operational' },
        { name: 'IPv6 network', state: 'operational' },
        { name: 'Payments', state: 'operational' },
      ],
      updatedAt: now.toISOString(),
    },
  };
}

/**
 * Seeds on the very first start only: once any setting exists, nothing is touched again, so a
 * seller's edits and deleted demo accounts stay as they are.
 */
export async function seedDemoData(db: Db): Promise<{ seeded: boolean }> {
  if (!(await settingsRepository.isEmpty(db))) return { seeded: false };
  await db.transaction(async (tx) => {
    for (const [key, value] of Object.entries(demoSettings())) await settingsRepository.write(tx, key, value);
    let customerId = '';
    let adminId = '';
    let resellerId = '';
    for (const account of DEMO_ACCOUNTS) {
      const row = await accountsService.create(tx, { ...account, emailVerified: true });
      if (account.username === 'customer') customerId = row.id;
      if (account.username === 'admin') adminId = row.id;
      if (account.reseller) resellerId = row.id;
    }
    await seedDemoCatalogue(tx, customerId);
    await seedDemoGrowth(tx, customerId, adminId);
    await seedDemoReseller(tx, resellerId);
  });
  return { seeded: true };
}

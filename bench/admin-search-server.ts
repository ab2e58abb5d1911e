// The shop with 100,000 accounts, for `BENCH_ONLY=admin-search` (DESIGN §9: a page of the staff
// account search p95 < 50 ms). Seeded with set-based SQL, then served in its own process.
import { ACCOUNTS, openBenchShop } from './seeded-shop';

const shop = await openBenchShop('admin-search');

const seed = [
  // Accounts: mostly customers, some staff and resellers; verified, 2FA, disabled and balances spread.
  `insert into accounts (username, email, role, reseller, email_verified_at, two_factor_enabled,
     balance_cents, disabled_at, created_at)
   select 'member' || g || '_' || substr(md5(g::text), 1, 6),
          substr(md5('mail' || g), 1, 10) || g || '@' || (array['gmail.com', 'example.org', 'proxy-mail.net'])[1 + g % 3],
          case when g % 997 = 0 then 'Support' when g % 1499 = 0 then 'Manager' else 'User' end,
          g % 97 = 0,
          case when g % 4 = 0 then null else now() - interval '1 day' end,
          g % 11 = 0,
          (g * 7919) % 250000,
          case when g % 53 = 0 then now() end,
          now() - make_interval(mins => g)
   from generate_series(1, ${ACCOUNTS}) g`,
  `insert into plans (title, type, bandwidth_prices) values ('Search bench plan', 'residential', '[{"value":1,"price":1}]')`,
  // Subscriptions for every third account: half running now, half run out.
  `insert into subscriptions (account_id, plan_id, plan_title, plan_type, status, country, bandwidth_gb, days,
     starts_at, expires_at)
   select a.id, (select id from plans where title = 'Search bench plan'), 'Search bench plan', 'residential',
          case when a.n % 2 = 0 then 'active' else 'expired' end, 'US', 5, 30, now() - interval '10 days',
          case when a.n % 2 = 0 then now() + interval '20 days' else now() - interval '1 day' end
   from (select id, row_number() over (order by created_at) n from accounts where username like 'member%') a
   where a.n % 3 = 0`,
  // Paid purchase invoices (the trigger keeps spent_cents) and a deposit and a purchase in the ledger.
  `insert into invoices (number, account_id, kind, description, subtotal_cents, total_cents, payment_method,
     status, paid_at)
   select 'B' || nextval('invoice_number_seq'), s.account_id, 'purchase', 'Search bench plan',
          500 + (row_number() over ()) % 9000, 500 + (row_number() over ()) % 9000, 'balance', 'paid', now()
   from subscriptions s`,
  `insert into ledger_entries (account_id, amount_cents, balance_after_cents, kind, reason)
   select id, balance_cents + 1000, balance_cents + 1000, 'staff_adjustment', 'bench'
   from accounts where username like 'member%'`,
  `insert into ledger_entries (account_id, amount_cents, balance_after_cents, kind, reason)
   select id, -1000, balance_cents, 'purchase', 'bench' from accounts where username like 'member%'`,
  'vacuum analyze',
];
await shop.serve({ seedSeconds: await shop.seed(seed) });

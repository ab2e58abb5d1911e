// A year of a shop with 100,000 accounts, for `BENCH_ONLY=statistics` (DESIGN §9: statistics over a
// year p95 < 200 ms). Seeded with set-based SQL through the same triggers the app relies on, then
// served in its own process.
import { ACCOUNTS, openBenchShop } from './seeded-shop';

/** BENCH_STATISTICS_KEEP=1: keep the database after the run and reuse it (seeded once) on the next. */
const shop = await openBenchShop('statistics', { keep: process.env.BENCH_STATISTICS_KEEP === '1' });
const { database } = shop;

// Over the last 365 days: accounts signing up, a third of them depositing twice, half of them buying
// a 30-day plan (of ten, five types, three methods), half of those renewing it (before its end or
// after a lapse), some refunds, and four metered hours per plan.
const at = (expr: string) => `now() - make_interval(secs => (${expr}) % (365 * 86400))`;
const seed = [
  `insert into accounts (username, email, role, email_verified_at, created_at)
   select 'stat' || g, 'stat' || g || '@bench.test', 'User', now(), ${at('g * 7919')}
   from generate_series(1, ${ACCOUNTS}) g`,
  `insert into plans (title, type, bandwidth_prices)
   select 'Stat plan ' || p, (array['residential', 'mobile', 'isp', 'datacenter', 'ipv6'])[1 + p % 5], '[{"value":1,"price":1}]'
   from generate_series(1, 10) p`,
  `create unlogged table bench_accounts as
   select id, row_number() over (order by username) n from accounts where username like 'stat%'`,
  `insert into invoices (number, account_id, kind, description, subtotal_cents, total_cents, payment_method, status, paid_at)
   select 'D' || nextval('invoice_number_seq'), a.id, 'deposit', 'Bench deposit', 1000 + (a.n * k) % 9000,
          1000 + (a.n * k) % 9000, case when (a.n + k) % 2 = 0 then 'stripe' else 'crypto' end, 'paid', ${at('a.n * 104729 + k * 3571')}
   from bench_accounts a, generate_series(1, 2) k where a.n % 3 = 0`,
  `create unlogged table bench_plans as select id, type, row_number() over (order by title) p from plans where title like 'Stat plan%'`,
  `insert into subscriptions (account_id, plan_id, plan_title, plan_type, status, country, bandwidth_gb, days, starts_at, expires_at)
   select a.id, p.id, 'Stat plan', p.type, 'expired', 'US', 5, 30, ${at('a.n * 15485863')}, null
   from bench_accounts a join bench_plans p on p.p = 1 + a.n % 10 where a.n % 2 = 0`,
  `update subscriptions set expires_at = starts_at + interval '30 days' where plan_title = 'Stat plan'`,
  `insert into invoices (number, account_id, kind, subscription_id, plan_id, description, subtotal_cents, total_cents,
     payment_method, status, paid_at)
   select 'P' || nextval('invoice_number_seq'), s.account_id, 'purchase', s.id, s.plan_id, 'Bench plan', 500 + h % 9500,
          500 + h % 9500, (array['balance', 'stripe', 'crypto'])[1 + h % 3], 'paid', s.starts_at
   from (select s.*, abs(hashtext(s.id::text)) h from subscriptions s where plan_title = 'Stat plan') s`,
  // Renewals of every other plan: paid 5 days before its end, or 3 days after it (a lapse) for one in 4.
  `insert into invoices (number, account_id, kind, subscription_id, plan_id, description, days, subtotal_cents, total_cents,
     payment_method, status, paid_at)
   select 'R' || nextval('invoice_number_seq'), s.account_id, 'renewal', s.id, s.plan_id, 'Bench renewal', 30,
          500 + h % 5000, 500 + h % 5000, (array['balance', 'stripe', 'crypto'])[1 + h % 3], 'paid',
          s.expires_at + case when h % 4 = 0 then interval '3 days' else interval '-5 days' end
   from (select s.*, abs(hashtext(s.id::text)) h from subscriptions s where plan_title = 'Stat plan') s
   where s.h % 2 = 0 and s.expires_at + interval '3 days' < now()`,
  `update subscriptions s set expires_at = greatest(s.expires_at, r.paid_at) + interval '30 days',
     starts_at = case when r.paid_at > s.expires_at then r.paid_at else s.starts_at end
   from invoices r where r.kind = 'renewal' and r.subscription_id = s.id and s.plan_title = 'Stat plan'`,
  `update subscriptions set status = 'active' where plan_title = 'Stat plan' and expires_at > now()`,
  `insert into ledger_entries (account_id, amount_cents, balance_after_cents, kind, reference, created_at)
   select i.account_id, i.total_cents, i.total_cents, 'refund', i.id::text, i.paid_at + interval '1 day'
   from invoices i where i.kind = 'purchase' and i.description = 'Bench plan' and abs(hashtext(i.id::text)) % 25 = 0
     and i.paid_at < now() - interval '1 day'`,
  `insert into proxy_usage_hourly (subscription_id, hour, country, bytes_in, bytes_out, requests)
   select s.id, date_trunc('hour', s.starts_at + make_interval(hours => k * 97)), 'US', 1000000 * k, 50000000 * k, 100
   from subscriptions s, generate_series(1, 4) k
   where s.plan_title = 'Stat plan' and s.starts_at + make_interval(hours => k * 97) < now()`,
  'drop table bench_accounts',
  'drop table bench_plans',
  'vacuum analyze',
];
const seedSeconds = await shop.seed(seed);
const { rows } = await database.executeSql(
  `select (select count(*) from invoices)::int as invoices, (select count(*) from subscriptions)::int as subscriptions,
          (select count(*) from proxy_usage_hourly)::int as usage, (select count(*) from ledger_entries)::int as ledger`,
);
await shop.serve({ seedSeconds, rows: rows[0] });

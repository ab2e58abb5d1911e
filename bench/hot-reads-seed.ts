// What the hot customer reads of the HTTP bench read (issue 22): a customer with 20 plans, one of
// them with 90 days of hourly usage rows, and exits so its generator can list 1,000 proxies.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/platform/db/client';
import { settings } from '../server/src/platform/db/schema';
import { accountsService } from '../server/src/modules/auth/accounts.service';
import { ledger } from '../server/src/platform/billing/ledger';
import { READER } from './hot-reads';

export async function seedHotReads(app: FastifyInstance, database: Database, planId: string) {
  const { db } = database;
  const reader = await accountsService.create(db, {
    role: 'User',
    email: `${READER.login}@tollgate.local`,
    username: READER.login,
    password: READER.password,
    emailVerified: true,
  });
  await ledger.credit(db, { accountId: reader.id, amountCents: 100_000, kind: 'staff_adjustment', reason: 'bench' });
  await db
    .insert(settings)
    .values({ key: 'OwnServers', value: { exits: [{ type: '*', country: '*' }] } })
    .onConflictDoNothing();

  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { login: READER.login, password: READER.password },
  });
  const token = (login.json() as { payload: { accessToken: string } }).payload.accessToken;
  const subscriptionIds: string[] = [];
  // Bought the way the web buys, so every plan has what a real one has (credentials, invoice).
  for (let i = 0; i < READER.plans; i++) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/public/plans/${planId}/purchase`,
      headers: { authorization: `Bearer ${token}` },
      payload: { value: 5, country: 'US', paymentMethod: 'balance' },
    });
    if (res.statusCode !== 200) throw new Error(`bench seed purchase failed: ${res.body}`);
    subscriptionIds.push((res.json() as { payload: { subscriptionId: string } }).payload.subscriptionId);
  }
  const metered = subscriptionIds[0]!;
  // One row per hour and exit country, as the gateway's roll-up writes them.
  await database.executeSql(
    `insert into proxy_usage_hourly (subscription_id, hour, country, bytes_in, bytes_out, requests, failures)
     select $1::uuid, h, c, 1000000 + (extract(epoch from h)::bigint % 7919) * 100, 5000000 + (extract(epoch from h)::bigint % 104729) * 10,
            100 + extract(hour from h)::int, extract(hour from h)::int % 3
     from generate_series(date_trunc('hour', now()) - make_interval(days => $2::int), date_trunc('hour', now()), interval '1 hour') h,
          unnest(array['us', 'de']) c`,
    [metered, READER.usageDays],
  );
  await db.execute(sql`analyze proxy_usage_hourly`);
  return { subscriptionId: metered };
}

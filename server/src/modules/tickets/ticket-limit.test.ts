import { TICKET_DAILY_LIMIT, TICKET_DAILY_LIMIT_MESSAGE } from '@tollgate/contract/tickets/tickets';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '#test/harness.ts';
import { call, newTicket } from '#test/tickets-helpers.ts';
import { ticketDailyCounts, tickets } from './tickets.schema';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => server.close());

describe('daily ticket limit', () => {
  it(`lets exactly ${TICKET_DAILY_LIMIT} of 30 parallel creations through, the rest get the spec message`, async () => {
    const account = await server.buildAccount();
    const token = await server.tokenFor(account);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(server, 'POST', '/api/v1/public/ticket', token, newTicket({ subject: `Parallel ${i}` })),
      ),
    );
    const created = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(created).toHaveLength(TICKET_DAILY_LIMIT);
    expect(refused).toHaveLength(30 - TICKET_DAILY_LIMIT);
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(res.body.message).toBe(TICKET_DAILY_LIMIT_MESSAGE);
      expect(res.body.payload.retryAfterSeconds).toBeGreaterThan(0);
    }
    const db = server.database.db;
    const [stored] = await db.select({ n: count() }).from(tickets).where(eq(tickets.accountId, account.id));
    expect(stored!.n).toBe(TICKET_DAILY_LIMIT);
    const [slot] = await db.select().from(ticketDailyCounts).where(eq(ticketDailyCounts.accountId, account.id));
    expect(slot!.count).toBe(TICKET_DAILY_LIMIT);

    // The limit is per account: another customer opens theirs at once.
    const other = await server.buildAccount();
    const res = await call(server, 'POST', '/api/v1/public/ticket', await server.tokenFor(other), newTicket());
    expect(res.status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_S,
} from '@tollgate/contract/automation/webhooks';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import type { Sealer } from '#platform/auth/sealed.ts';
import { claimDue } from '#platform/jobs/claim-due.ts';
import { createOutbox, nextAttempt } from '#platform/jobs/outbox.ts';
import { webhookDeliveries as deliveries, webhookEndpoints as endpoints } from './automation.schema';
import { signWebhook } from './webhook-signature';
import { postTo, resolveTarget, type PostResult, type TargetPolicy } from './webhook-target';

const BATCH = 20;
/** Far longer than one attempt (10 s): only a stalled process lets a lease run out mid-send. */
const LEASE_SECONDS = 60;
const BACKOFF = { delaysS: WEBHOOK_RETRY_DELAYS_S, maxAttempts: WEBHOOK_MAX_ATTEMPTS };

/** Due deliveries to enabled endpoints (or the one named), claimed with a fresh token and counted as an attempt. */
function claim(db: Db, filter: { id?: string; now?: Date }, limit: number) {
  return claimDue(
    db,
    { table: deliveries, key: [deliveries.id], claimedUntil: deliveries.claimedUntil },
    {
      due: and(
        eq(deliveries.status, 'pending'),
        filter.id ? eq(deliveries.id, filter.id) : lte(deliveries.nextAttemptAt, filter.now ?? sql`now()`),
      ),
      join: {
        table: endpoints,
        on: and(eq(endpoints.id, deliveries.endpointId), eq(endpoints.enabled, true), isNull(endpoints.deletedAt))!,
      },
      order: [asc(deliveries.nextAttemptAt)],
      limit,
      leaseSeconds: LEASE_SECONDS,
      set: {
        claimToken: randomUUID(),
        attempts: sql`${deliveries.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      },
      with: { table: endpoints, on: eq(endpoints.id, deliveries.endpointId) },
    },
  ).returning({
    id: deliveries.id,
    eventId: deliveries.eventId,
    eventType: deliveries.eventType,
    body: deliveries.body,
    attempts: deliveries.attempts,
    claimToken: deliveries.claimToken,
    url: endpoints.url,
    secretSealed: endpoints.secretSealed,
  });
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

/**
 * Delivers what `webhook_deliveries` owes (ADR 034) through the outbox (ADR 056). A worker claims
 * due rows with a token and a lease, so two instances never make the same attempt; it signs and
 * posts each, and records the answer only while its claim still holds. A 2xx marks the row
 * delivered and no worker claims it again; anything else schedules the next attempt after a growing
 * pause, up to WEBHOOK_MAX_ATTEMPTS. Runs after the events that enqueue, and every minute from the job queue.
 */
export function createWebhookDelivery(deps: { db: Db; sealer: Sealer; policy: TargetPolicy }) {
  const { db } = deps;

  async function send(row: Claimed): Promise<PostResult> {
    const url = new URL(row.url);
    const target = await resolveTarget(url, deps.policy);
    if (!target.ok) return { status: null, excerpt: target.reason };
    const timestamp = Math.floor(Date.now() / 1000);
    return postTo(url, target, row.body, {
      'content-type': 'application/json',
      'user-agent': 'Tollgate-Webhooks/1',
      [SIGNATURE_HEADER]: signWebhook(deps.sealer.open(row.secretSealed), row.body, timestamp),
      [EVENT_HEADER]: row.eventType,
      [DELIVERY_HEADER]: row.eventId,
    });
  }

  /** Records an attempt's answer, only under the claim that made it. */
  async function finish(row: Claimed, result: PostResult) {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const { giveUp, delayS } = nextAttempt(BACKOFF, row.attempts);
    await db.execute(sql`
      update webhook_deliveries set
        status = ${ok ? 'delivered' : giveUp ? 'failed' : 'pending'},
        delivered_at = ${ok ? sql`now()` : sql`null`},
        next_attempt_at = now() + make_interval(secs => ${delayS}),
        last_status = ${result.status}, last_response = ${result.excerpt},
        claim_token = null, claimed_until = null
      where id = ${row.id} and claim_token = ${row.claimToken}`);
    return ok;
  }

  async function attempt(row: Claimed) {
    let result: PostResult;
    try {
      result = await send(row);
    } catch (error) {
      result = { status: null, excerpt: error instanceof Error ? error.message : 'delivery failed' };
    }
    return finish(row, result);
  }

  const outbox = createOutbox({
    batch: BATCH,
    claim: ({ limit, now }) => claim(db, { now }, limit),
    deliver: async (rows: Claimed[]) => void (await Promise.all(rows.map(attempt))),
  });

  return {
    /** One batch of due deliveries; `now` lets a caller treat later retries as due (tests, the CLI). */
    deliverDue: outbox.deliverDue,
    drain: outbox.drain,
    stop: outbox.stop,
    /** Attempts one delivery now if it is still owed and nobody else holds it ("send test"). */
    async deliverNow(id: string) {
      const [row] = await claim(db, { id }, 1);
      if (row) await attempt(row);
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

import { randomUUID } from 'node:crypto';
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_S,
} from '@tollgate/contract/automation/webhooks';
import { sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import type { Sealer } from '#platform/auth/sealed.ts';
import { signWebhook } from './webhook-signature';
import { postTo, resolveTarget, type PostResult, type TargetPolicy } from './webhook-target';
import { rowsOf } from '#platform/db/rows.ts';

const BATCH = 20;
/** Far longer than one attempt (10 s): only a stalled process lets a lease run out mid-send. */
const LEASE = '60 seconds';

interface Claimed {
  id: string;
  event_id: string;
  event_type: string;
  body: string;
  attempts: number;
  url: string;
  secret_sealed: string;
  claim_token: string;
}

/**
 * Delivers what `webhook_deliveries` owes (ADR 034). A worker claims due rows with a token and a
 * lease (FOR UPDATE SKIP LOCKED), so two instances never make the same attempt; it signs and posts
 * each, and records the answer only while its claim still holds. A 2xx marks the row delivered and
 * no worker claims it again; anything else schedules the next attempt after a growing pause, up to
 * WEBHOOK_MAX_ATTEMPTS. Runs after the events that enqueue, and every minute from the job queue.
 */
export function createWebhookDelivery(deps: { db: Db; sealer: Sealer; policy: TargetPolicy }) {
  const { db } = deps;

  async function claim(filter: { id?: string; now?: Date }, limit: number): Promise<Claimed[]> {
    const token = randomUUID();
    const due = filter.now ? sql`${filter.now.toISOString()}::timestamptz` : sql`now()`;
    return rowsOf<Claimed>(
      await db.execute(sql`
        update webhook_deliveries d
        set claim_token = ${token}, claimed_until = now() + ${LEASE}::interval,
            attempts = d.attempts + 1, last_attempt_at = now()
        from webhook_endpoints e
        where e.id = d.endpoint_id and d.id in (
          select w.id from webhook_deliveries w
          join webhook_endpoints we on we.id = w.endpoint_id and we.enabled and we.deleted_at is null
          where w.status = 'pending' and (w.claimed_until is null or w.claimed_until < now())
            ${filter.id ? sql`and w.id = ${filter.id}` : sql`and w.next_attempt_at <= ${due}`}
          order by w.next_attempt_at
          limit ${limit}
          for update of w skip locked)
        returning d.id, d.event_id, d.event_type, d.body, d.attempts, d.claim_token, e.url, e.secret_sealed`),
    );
  }

  async function send(row: Claimed): Promise<PostResult> {
    const url = new URL(row.url);
    const target = await resolveTarget(url, deps.policy);
    if (!target.ok) return { status: null, excerpt: target.reason };
    const timestamp = Math.floor(Date.now() / 1000);
    return postTo(url, target, row.body, {
      'content-type': 'application/json',
      'user-agent': 'Tollgate-Webhooks/1',
      [SIGNATURE_HEADER]: signWebhook(deps.sealer.open(row.secret_sealed), row.body, timestamp),
      [EVENT_HEADER]: row.event_type,
      [DELIVERY_HEADER]: row.event_id,
    });
  }

  /** Records an attempt's answer, only under the claim that made it. */
  async function finish(row: Claimed, result: PostResult) {
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const last = row.attempts >= WEBHOOK_MAX_ATTEMPTS;
    const delay = WEBHOOK_RETRY_DELAYS_S[Math.min(row.attempts, WEBHOOK_RETRY_DELAYS_S.length) - 1] ?? 0;
    await db.execute(sql`
      update webhook_deliveries set
        status = ${ok ? 'delivered' : last ? 'failed' : 'pending'},
        delivered_at = ${ok ? sql`now()` : sql`null`},
        next_attempt_at = now() + make_interval(secs => ${delay}),
        last_status = ${result.status}, last_response = ${result.excerpt},
        claim_token = null, claimed_until = null
      where id = ${row.id} and claim_token = ${row.claim_token}`);
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

  /** One batch of due deliveries; `now` lets a caller treat later retries as due (tests, the CLI). */
  async function deliverDue(options: { now?: Date; limit?: number } = {}): Promise<number> {
    const claimed = await claim(options.now ? { now: options.now } : {}, options.limit ?? BATCH);
    await Promise.all(claimed.map(attempt));
    return claimed.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
  /** Runs never overlap in one process; a call during a run makes it go round once more. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while ((await deliverDue()) === BATCH);
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    deliverDue,
    drain,
    /** Attempts one delivery now if it is still owed and nobody else holds it ("send test"). */
    async deliverNow(id: string) {
      const [row] = await claim({ id }, 1);
      if (row) await attempt(row);
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;

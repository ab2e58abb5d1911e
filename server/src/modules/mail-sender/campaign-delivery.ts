import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#platform/db/client.ts';
import { campaignMail, type CampaignLinks } from '#platform/mail/campaign-template.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { createOutbox, nextAttempt } from '#platform/jobs/outbox.ts';
import { BACKOFF, campaignDeliveryRepository as repo, type Claimed } from './campaign-delivery.repository';

const BATCH = 20;
const WAIT_MS = 250;

export interface CampaignDeliveryDeps {
  db: Db;
  mailer: Mailer;
  siteName: string;
  /** Config MAIL_CAMPAIGN_PER_MINUTE: held across every instance (ADR 027). */
  perMinute: number;
  links: (accountId: string) => CampaignLinks;
  log: Pick<FastifyBaseLogger, 'error' | 'info'>;
}

/**
 * Mails the recipients of campaigns being sent (ADR 027) through the outbox (ADR 056). One run per
 * process: `kick` starts it (after a send, at start-up, every minute from the job queue) and it
 * runs until nobody is left to mail, pausing whenever the shared rate limit is reached. Each mail
 * is stamped just before the mailer gets it and marked sent just after, so a restart resumes where
 * it stopped; `stop` lets the mail in hand finish and gives the rest back.
 */
export function createCampaignDelivery(deps: CampaignDeliveryDeps) {
  const { db } = deps;
  const worker = randomUUID();

  async function deliver(row: Claimed, content: { subject: string; body: string }) {
    const to = await repo.begin(db, worker, row);
    if (!to) return repo.skipIfGone(db, worker, row);
    try {
      await deps.mailer.send(campaignMail(deps.siteName, to, content, deps.links(row.accountId)));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return repo.refused(db, row, reason, nextAttempt(BACKOFF, to.attempts));
    }
    await repo.sent(db, row);
  }

  const outbox = createOutbox<Claimed>({
    batch: BATCH,
    waitMs: WAIT_MS,
    async claim({ limit }) {
      const claimed = await db.transaction((tx) => repo.claim(tx, worker, limit, deps.perMinute));
      return claimed === 'rate-limited' ? 'wait' : claimed;
    },
    async deliver(claimed, stopping) {
      const contents = await repo.contents(db, [...new Set(claimed.map((c) => c.campaignId))]);
      for (const row of claimed) {
        if (stopping()) break;
        await deliver(row, contents.get(row.campaignId)!);
      }
      await repo.release(db, worker);
      await repo.finishDone(db);
    },
    // Someone is still owed a mail once a lease or a retry pause runs out: look again shortly.
    async whenEmpty() {
      await repo.finishDone(db);
      return (await repo.anyQueued(db)) ? 'wait' : 'done';
    },
    onError: (error) => deps.log.error({ err: error }, 'campaign delivery failed; the next kick resumes'),
  });

  return {
    /** Starts the run, or tells the running one to look again before it stops. */
    kick: outbox.drain,

    /** Shutting down: the mail in hand goes out and is marked; the rest waits for the next start. */
    async stop() {
      await outbox.stop();
      await repo.release(db, worker).catch(() => {});
    },
  };
}
export type CampaignDelivery = ReturnType<typeof createCampaignDelivery>;

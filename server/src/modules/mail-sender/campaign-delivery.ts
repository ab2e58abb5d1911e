import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#platform/db/client.ts';
import { campaignMail, type CampaignLinks } from '#platform/mail/campaign-template.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { campaignDeliveryRepository as repo, type Claimed } from './campaign-delivery.repository';

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
 * Mails the recipients of campaigns being sent (ADR 027). One loop per process: `kick` starts it
 * (after a send, at start-up, every minute from the job queue) and it runs until nobody is left
 * to mail, pausing whenever the shared rate limit is reached. Each mail is stamped just before the
 * mailer gets it and marked sent just after, so a restart resumes where it stopped; `stop` lets
 * the mail in hand finish and gives the rest back.
 */
export function createCampaignDelivery(deps: CampaignDeliveryDeps) {
  const { db } = deps;
  const worker = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function deliver(row: Claimed, content: { subject: string; body: string }) {
    const to = await repo.begin(db, worker, row);
    if (!to) return repo.skipIfGone(db, worker, row);
    try {
      await deps.mailer.send(campaignMail(deps.siteName, to, content, deps.links(row.accountId)));
    } catch (error) {
      return repo.refused(db, row, error instanceof Error ? error.message : String(error));
    }
    await repo.sent(db, row);
  }

  /** One batch: 'sent' when it mailed (or skipped) someone, 'wait' when there is more later, 'idle' when done. */
  async function runOnce(): Promise<'sent' | 'wait' | 'idle'> {
    const claimed = await db.transaction((tx) => repo.claim(tx, worker, BATCH, deps.perMinute));
    if (claimed === 'rate-limited') return 'wait';
    if (!claimed.length) {
      await repo.finishDone(db);
      return (await repo.anyQueued(db)) ? 'wait' : 'idle';
    }
    const contents = await repo.contents(db, [...new Set(claimed.map((c) => c.campaignId))]);
    for (const row of claimed) {
      if (stopping) break;
      await deliver(row, contents.get(row.campaignId)!);
    }
    await repo.release(db, worker);
    await repo.finishDone(db);
    return 'sent';
  }

  async function loop() {
    while (!stopping) {
      const outcome = await runOnce();
      if (outcome === 'idle') {
        if (!again) return;
        again = false;
      } else if (outcome === 'wait') await pause(WAIT_MS);
    }
  }

  return {
    /** Starts the loop, or tells the running one to look again before it stops. */
    kick(): Promise<void> {
      if (stopping) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      again = false;
      running = loop()
        .catch((error: unknown) => deps.log.error({ err: error }, 'campaign delivery failed; the next kick resumes'))
        .finally(() => {
          running = null;
        });
      return running;
    },

    /** Shutting down: the mail in hand goes out and is marked; the rest waits for the next start. */
    async stop() {
      stopping = true;
      wake?.();
      await running;
      await repo.release(db, worker).catch(() => {});
    },
  };
}
export type CampaignDelivery = ReturnType<typeof createCampaignDelivery>;

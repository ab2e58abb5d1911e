import type { Db } from '#platform/db/client.ts';
import type { MailMessage } from '#platform/mail/mail-message.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTopic } from '#platform/mail/unsubscribe.ts';
import { noticesRepository as repo, type ClaimedNotice } from './notices.repository';
import { noticeMail, type Facts, type NoticeMailDeps } from './notice-mail';

const BATCH = 50;
/** Reminders are optional: an account that turned them off gets none (receipts always go). */
const OPTIONAL: Partial<Record<ClaimedNotice['kind'], MailTopic>> = {
  expiry_reminder: 'reminders',
  low_bandwidth: 'reminders',
};

export interface NoticeDeliveryDeps extends NoticeMailDeps {
  db: Db;
  mailer: Mailer;
}

/**
 * Sends what the notices table owes (ADR 019). Each run claims a batch, renders each notice from
 * the facts as they are now, sends it and marks it sent; a send that fails is tried again on a
 * later run. `drain` is what requests and jobs call after an event commits: runs never overlap in
 * one process, and a call during a run makes the run go round once more.
 */
export function createNoticeDelivery(deps: NoticeDeliveryDeps) {
  const { db } = deps;

  async function deliverDue(limit = BATCH): Promise<number> {
    const claimed = await repo.claim(db, limit);
    if (!claimed.length) return 0;
    const ids = (kind: 'invoice' | 'subscription') => [
      ...new Set(
        claimed.filter((n) => (n.kind === 'receipt') === (kind === 'invoice') && n.subjectId).map((n) => n.subjectId!),
      ),
    ];
    const [people, invoices, plans] = await Promise.all([
      repo.recipients(db, [...new Set(claimed.map((n) => n.accountId))]),
      repo.invoices(db, ids('invoice')),
      repo.subscriptions(db, ids('subscription')),
    ]);
    const facts: Facts = {
      invoices: new Map(invoices.map((i) => [i.id, i])),
      plans: new Map(plans.map((p) => [p.id, p])),
    };
    const done: { id: number; skipped: string | null }[] = [];
    for (const notice of claimed) {
      const person = people.find((p) => p.id === notice.accountId);
      const topic = OPTIONAL[notice.kind];
      let skipped: string | null = null;
      let message: MailMessage | null = null;
      if (!person || person.deletedAt) skipped = 'account deleted';
      else if (topic === 'reminders' && !person.reminders) skipped = 'opted out';
      else {
        message = noticeMail(deps, notice, person, facts);
        if (!message) skipped = 'nothing to tell';
      }
      try {
        if (message) await deps.mailer.send(message);
      } catch {
        // Left claimed: the lease runs out and a later run tries again.
        continue;
      }
      done.push({ id: notice.id, skipped });
    }
    await repo.finish(db, done);
    return claimed.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
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

  return { deliverDue, drain };
}
export type NoticeDelivery = ReturnType<typeof createNoticeDelivery>;

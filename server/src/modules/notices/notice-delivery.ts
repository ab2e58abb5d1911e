import type { Db } from '#platform/db/client.ts';
import type { MailMessage } from '#platform/mail/mail-message.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { MailTopic } from '#platform/mail/unsubscribe.ts';
import { createOutbox } from '#platform/jobs/outbox.ts';
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
 * Sends what the notices table owes (ADR 019) through the outbox (ADR 056). Each batch renders
 * each notice from the facts as they are now, sends it and marks it sent; a send that fails is
 * tried again once its lease runs out. `drain` is what requests and jobs call after an event commits.
 */
export function createNoticeDelivery(deps: NoticeDeliveryDeps) {
  const { db } = deps;

  async function deliver(claimed: ClaimedNotice[]) {
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
  }

  return createOutbox({ batch: BATCH, claim: ({ limit }) => repo.claim(db, limit), deliver });
}
export type NoticeDelivery = ReturnType<typeof createNoticeDelivery>;

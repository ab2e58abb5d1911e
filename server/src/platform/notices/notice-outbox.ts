import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notices, type NoticeKind } from '../db/schema';
import { placeholdersFor, valuesFor, type WriteStep } from '../db/write-together';

export interface NewNotice {
  accountId: string;
  kind: NoticeKind;
  /** Names the event once: the same event written twice (a repeated webhook) adds one notice. */
  eventKey: string;
  subjectId?: string | null;
  data?: Record<string, unknown>;
}

const STEP_KEYS = ['accountId', 'kind', 'eventKey', 'subjectId'] as const;

/**
 * Where money and plan events leave the mail they owe (ADR 019). A notice is written with the
 * event, in its statement or transaction, so it commits and rolls back with it; delivery is a job's
 * work afterwards (modules/notices). Nothing here sends mail.
 */
export const noticeOutbox = {
  /** Inside the caller's transaction; a second write of the same event is ignored. */
  async add(db: DbOrTx, notice: NewNotice): Promise<void> {
    await db
      .insert(notices)
      .values({
        accountId: notice.accountId,
        kind: notice.kind,
        eventKey: notice.eventKey,
        subjectId: notice.subjectId ?? null,
        data: notice.data ?? {},
      })
      .onConflictDoNothing({ target: notices.eventKey });
  },

  /** The same write as one more step of an order's statement (ADR 009): no extra round trip. */
  step: {
    build(): WriteStep {
      const p = placeholdersFor('notice', STEP_KEYS);
      return {
        name: 'order_notice',
        query: sql`insert into ${notices} (account_id, kind, event_key, subject_id)
          values (${p.accountId}, ${p.kind}, ${p.eventKey}, ${p.subjectId})
          on conflict (event_key) do nothing`,
      };
    },
    values: (notice: Omit<NewNotice, 'data'>) =>
      valuesFor('notice', {
        accountId: notice.accountId,
        kind: notice.kind,
        eventKey: notice.eventKey,
        subjectId: notice.subjectId ?? null,
      }),
  },
};

/** The one key of a receipt: an invoice is paid once, however often its payment is reported. */
export const receiptKey = (invoiceId: string) => `receipt:${invoiceId}`;

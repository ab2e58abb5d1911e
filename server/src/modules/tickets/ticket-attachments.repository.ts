import { TICKET_ATTACHMENT_PENDING_HOURS } from '@tollgate/contract/tickets/tickets';
import { and, desc, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { ticketAttachments, ticketMessages } from './tickets.schema';

/** Everything about an attachment except its bytes. */
const meta = {
  id: ticketAttachments.id,
  messageId: ticketAttachments.messageId,
  name: ticketAttachments.name,
  contentType: ticketAttachments.contentType,
  size: ticketAttachments.size,
};
export type AttachmentMeta = { id: string; messageId: string | null; name: string; contentType: string; size: number };

const pendingSince = sql`now() - make_interval(hours => ${TICKET_ATTACHMENT_PENDING_HOURS})`;

export const ticketAttachmentsRepository = {
  async insertPending(db: DbOrTx, values: { uploaderId: string; name: string; contentType: string; data: Buffer }) {
    const [row] = await db
      .insert(ticketAttachments)
      .values({ ...values, size: values.data.length })
      .returning(meta);
    return row!;
  },

  /** Uploads never sent with a message within the allowed time; read through the partial index. */
  async deleteStalePending(db: DbOrTx) {
    await db
      .delete(ticketAttachments)
      .where(and(isNull(ticketAttachments.messageId), lt(ticketAttachments.createdAt, pendingSince)));
  },

  /**
   * Keeps the uploader's newest `keep` pending uploads and drops the rest, so abandoned forms cannot
   * pile up megabytes; pending rows are few (a day's worth), read through the partial index.
   */
  async trimPending(db: DbOrTx, uploaderId: string, keep: number) {
    const newest = db
      .select({ id: ticketAttachments.id })
      .from(ticketAttachments)
      .where(and(isNull(ticketAttachments.messageId), eq(ticketAttachments.uploaderId, uploaderId)))
      .orderBy(desc(ticketAttachments.createdAt), desc(ticketAttachments.id))
      .limit(keep);
    await db
      .delete(ticketAttachments)
      .where(
        and(
          isNull(ticketAttachments.messageId),
          eq(ticketAttachments.uploaderId, uploaderId),
          notInArray(ticketAttachments.id, newest),
        ),
      );
  },

  /**
   * Attaches the uploader's own pending uploads to a message. One conditional update: an id that
   * is someone else's, already sent or expired is not taken, and the caller sees fewer rows back.
   */
  async claim(tx: DbOrTx, ids: string[], owner: { uploaderId: string; ticketId: string; messageId: string }) {
    if (ids.length === 0) return 0;
    const rows = await tx
      .update(ticketAttachments)
      .set({ ticketId: owner.ticketId, messageId: owner.messageId })
      .where(
        and(
          inArray(ticketAttachments.id, ids),
          eq(ticketAttachments.uploaderId, owner.uploaderId),
          isNull(ticketAttachments.messageId),
          gt(ticketAttachments.createdAt, pendingSince),
        ),
      )
      .returning({ id: ticketAttachments.id });
    return rows.length;
  },

  async ofMessages(db: DbOrTx, messageIds: string[]): Promise<AttachmentMeta[]> {
    if (messageIds.length === 0) return [];
    return db
      .select(meta)
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.messageId, messageIds))
      .orderBy(ticketAttachments.createdAt, ticketAttachments.id);
  },

  /** An attachment sent on the ticket, with its bytes; `publicOnly` leaves out those of staff notes. */
  async findSent(db: DbOrTx, ticketId: string, id: string, options: { publicOnly: boolean }) {
    const [row] = await db
      .select({ ...meta, data: ticketAttachments.data })
      .from(ticketAttachments)
      .innerJoin(ticketMessages, eq(ticketMessages.id, ticketAttachments.messageId))
      .where(
        and(
          eq(ticketAttachments.id, id),
          eq(ticketAttachments.ticketId, ticketId),
          options.publicOnly ? eq(ticketMessages.internal, false) : undefined,
        ),
      );
    return row ?? null;
  },
};

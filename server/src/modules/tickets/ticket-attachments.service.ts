import type { MultipartFile } from '@fastify/multipart';
import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_NOT_IMAGE,
  TICKET_ATTACHMENT_TOO_LARGE,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
  uploadTicketAttachment,
} from '@tollgate/contract/tickets/tickets';
import type { DbOrTx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { MAX_INPUT_PIXELS, reencodeImage } from '#platform/storage/image-reencode.ts';
import { sniffImageType } from '#platform/storage/uploads.ts';
import { ticketAttachmentsRepository as repo } from './ticket-attachments.repository';
import { toAttachment } from './ticket-view';

export const UNKNOWN_ATTACHMENT = 'Unknown attachment';
export const TICKET_ATTACHMENT_TOO_MANY_PIXELS = `The image is over ${MAX_INPUT_PIXELS / 1_000_000} megapixels. Attach a smaller one.`;
/** A 4K screenshot keeps every pixel; anything wider or taller is scaled down to fit. */
export const ATTACHMENT_MAX_SIDE = 4096;
const NAME_MAX = 120;
/** Four messages' worth of images may wait at once; an older one beyond that is dropped. */
export const PENDING_PER_UPLOADER = 4 * TICKET_ATTACHMENTS_PER_MESSAGE;
const FIELD = uploadTicketAttachment.multipart!.field;

/** Controls, direction overrides (they can make "gnp.exe" read "exe.png") and lone surrogate halves. */
const UNSHOWABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The uploader's file name as plain display text: no path, nothing unshowable, at most 120 characters. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSHOWABLE, '').trim();
  return [...clean].slice(0, NAME_MAX).join('') || 'image';
}

/** Uploads wait, owned by their uploader, until a message takes them (or a day passes). */
export function createTicketAttachments({ db }: { db: DbOrTx }) {
  return {
    async upload(uploaderId: string, file: MultipartFile | undefined) {
      if (!file || file.fieldname !== FIELD) throw badRequest('Choose an image to upload');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError(400, TICKET_ATTACHMENT_TOO_LARGE);
      });
      if (file.file.truncated || bytes.length > TICKET_ATTACHMENT_MAX_BYTES)
        throw new AppError(400, TICKET_ATTACHMENT_TOO_LARGE);
      // The bytes decide, not the name or the browser's claim: SVG, GIF or text renamed .png are refused.
      const type = sniffImageType(bytes);
      if (!type || !(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(type))
        throw new AppError(400, TICKET_ATTACHMENT_NOT_IMAGE);
      // Staff open what customers send and the reverse: only fresh pixels are kept, never the sender's
      // bytes (EXIF location, a trailing payload, a canvas that decodes to gigabytes).
      const image = await reencodeImage(bytes, ATTACHMENT_MAX_SIDE);
      if (!image.ok)
        throw new AppError(
          400,
          image.reason === 'too-many-pixels' ? TICKET_ATTACHMENT_TOO_MANY_PIXELS : TICKET_ATTACHMENT_NOT_IMAGE,
        );
      await repo.deleteStalePending(db);
      const row = await repo.insertPending(db, {
        uploaderId,
        name: displayName(file.filename),
        contentType: image.type,
        data: image.bytes,
      });
      await repo.trimPending(db, uploaderId, PENDING_PER_UPLOADER);
      return toAttachment(row);
    },

    /** Takes the caller's pending uploads for a message, all or none (the transaction rolls back). */
    async attach(tx: DbOrTx, ids: string[], owner: { uploaderId: string; ticketId: string; messageId: string }) {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      const taken = await repo.claim(tx, unique, owner);
      if (taken !== unique.length) throw badRequest(UNKNOWN_ATTACHMENT);
    },

    async content(ticketId: string, id: string, options: { publicOnly: boolean }) {
      const row = await repo.findSent(db, ticketId, id, options);
      if (!row) throw notFound(UNKNOWN_ATTACHMENT);
      return { ...toAttachment(row), data: row.data.toString('base64') };
    },
  };
}
export type TicketAttachments = ReturnType<typeof createTicketAttachments>;

import {
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_NOT_IMAGE,
  TICKET_ATTACHMENT_TOO_LARGE,
  TICKET_ATTACHMENT_TYPES,
  TICKET_ATTACHMENTS_PER_MESSAGE,
} from '@tollgate/contract/tickets/tickets';

export const ATTACHMENT_ACCEPT = TICKET_ATTACHMENT_TYPES.join(',');
export const ATTACHMENT_HINT = `Up to ${TICKET_ATTACHMENTS_PER_MESSAGE} PNG, JPEG or WebP images, ${TICKET_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB each.`;
export const TOO_MANY_ATTACHMENTS = `At most ${TICKET_ATTACHMENTS_PER_MESSAGE} images a message`;

/**
 * The server's limits, checked before uploading so a wrong file fails at once; the server checks
 * again (magic bytes included) and its word is final. Null when the file may go.
 */
export function checkAttachment(file: { type: string; size: number }): string | null {
  if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return TICKET_ATTACHMENT_NOT_IMAGE;
  if (file.size > TICKET_ATTACHMENT_MAX_BYTES) return TICKET_ATTACHMENT_TOO_LARGE;
  return null;
}

/** `512 KB`, `1.4 MB` */
export function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

import { useMutation, useQuery } from '@tanstack/react-query';
import {
  myTicketAttachment,
  staffTicketAttachment,
  staffUploadTicketAttachment,
  TICKET_ATTACHMENT_TYPES,
  uploadTicketAttachment,
} from '@tollgate/contract/tickets/tickets';
import { call } from '#lib/api-client.ts';

/** Which side of the desk is looking: the customer's calls or the staff ones. */
export type TicketScope = 'customer' | 'staff';

export function useUploadAttachment(scope: TicketScope) {
  return useMutation({
    mutationFn: (file: File) =>
      call(scope === 'staff' ? staffUploadTicketAttachment : uploadTicketAttachment, { file }),
  });
}

/**
 * The image as a data: URL. Attachments travel as base64 with the bearer token like every other
 * call (a plain <img src> could not carry it); the CSP's img-src allows data:. Only the three image
 * types the server accepts become a URL, whatever the payload says.
 */
export function useAttachmentImage(scope: TicketScope, ticketId: string, attachmentId: string) {
  return useQuery({
    queryKey: ['tickets', scope, ticketId, 'attachment', attachmentId],
    queryFn: async ({ signal }) => {
      const params = { id: ticketId, attachmentId };
      const file = await call(scope === 'staff' ? staffTicketAttachment : myTicketAttachment, { params, signal });
      if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(file.contentType)) {
        throw new Error('Not an image');
      }
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(file.data)) throw new Error('Not an image');
      return `data:${file.contentType};base64,${file.data}`;
    },
    // An attachment never changes.
    staleTime: Infinity,
  });
}

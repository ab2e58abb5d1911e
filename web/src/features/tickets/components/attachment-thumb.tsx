import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import type { TicketAttachment } from '@tollgate/contract/tickets/tickets';
import { Dialog } from '#components/ui/dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useAttachmentImage, type TicketScope } from '../api/attachments.ts';
import { fileSize } from '../utils/attachment-check.ts';

/** One attached image: a thumbnail that opens the full picture; its name is shown as text only. */
export function AttachmentThumb({
  scope,
  ticketId,
  attachment,
}: {
  scope: TicketScope;
  ticketId: string;
  attachment: TicketAttachment;
}) {
  const image = useAttachmentImage(scope, ticketId, attachment.id);
  const [open, setOpen] = useState(false);
  const frame =
    'flex size-20 items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800';
  return (
    <li className="w-20 min-w-0">
      {image.data ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className={`${frame} hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-brand-500`}
          aria-label={`Open image ${attachment.name}`}
        >
          <img src={image.data} alt="" className="size-full object-cover" />
        </button>
      ) : (
        <div className={frame}>
          {image.isError ? (
            <ImageOff className="size-5 text-slate-400" aria-label="Image could not be loaded" />
          ) : (
            <Spinner label="Loading image" />
          )}
        </div>
      )}
      <p className="mt-1 truncate text-xs text-slate-600 dark:text-slate-300" title={attachment.name}>
        {attachment.name}
      </p>
      <p className="text-[11px] text-slate-600 dark:text-slate-400">{fileSize(attachment.size)}</p>
      {image.data && (
        <Dialog open={open} onClose={() => setOpen(false)} title={attachment.name}>
          <img src={image.data} alt={attachment.name} className="mx-auto max-h-[70vh] w-auto rounded-lg" />
        </Dialog>
      )}
    </li>
  );
}

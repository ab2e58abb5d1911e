import { Lock, UserRound } from 'lucide-react';
import type { TicketValue } from '@tollgate/contract/tickets/tickets';
import { LinkedText } from '#components/linked-text.tsx';
import { cn } from '#lib/cn.ts';
import { formatDate } from '#lib/format.ts';
import type { TicketScope } from '../api/attachments.ts';
import { AttachmentThumb } from './attachment-thumb.tsx';

/**
 * The thread, oldest first. The reader's own side sits on the right; staff notes (staff side only)
 * are amber and labelled so nobody mistakes one for something the customer saw.
 */
export function Conversation({
  scope,
  ticketId,
  values,
}: {
  scope: TicketScope;
  ticketId: string;
  values: TicketValue[];
}) {
  return (
    <ol className="space-y-4" aria-label="Conversation">
      {values.map((value) => {
        const mine = (scope === 'customer') === (value.author === 'customer');
        const who = scope === 'customer' && value.author === 'staff' ? 'Support team' : value.authorName;
        return (
          <li
            key={value.id}
            className={cn('flex', mine ? 'justify-end pl-6 sm:pl-16' : 'justify-start pr-6 sm:pr-16')}
            data-testid={value.internal ? 'internal-note' : 'message'}
          >
            <article
              className={cn(
                'w-full max-w-2xl rounded-xl border px-4 py-3 shadow-sm',
                value.internal
                  ? 'border-amber-300 border-dashed bg-amber-50 text-amber-950 dark:border-amber-500/50 dark:bg-amber-500/10 dark:text-amber-100'
                  : mine
                    ? 'border-brand-200 bg-brand-50 text-slate-800 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-slate-100'
                    : 'border-slate-200 bg-white text-slate-800 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
              )}
              aria-label={value.internal ? `Internal note by ${who}` : `Message from ${who}`}
            >
              <header className="mb-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
                {value.internal ? (
                  <span className="inline-flex items-center gap-1 rounded-md bg-amber-200/70 px-1.5 py-0.5 font-semibold text-amber-900 dark:bg-amber-500/25 dark:text-amber-200">
                    <Lock className="size-3" aria-hidden="true" />
                    Internal note
                  </span>
                ) : (
                  <UserRound className="size-3.5 text-slate-400" aria-hidden="true" />
                )}
                <span className="font-semibold">{who}</span>
                {value.author === 'staff' && scope === 'staff' && !value.internal && (
                  <span className="text-slate-600 dark:text-slate-400">staff</span>
                )}
                <time
                  dateTime={value.createdAt}
                  className={cn(
                    'ml-auto',
                    value.internal ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400',
                  )}
                >
                  {formatDate(value.createdAt, '24h')}
                </time>
              </header>
              <LinkedText text={value.body} className="text-sm leading-relaxed" />
              {value.attachments.length > 0 && (
                <ul className="mt-3 flex flex-wrap gap-3" aria-label="Attached images">
                  {value.attachments.map((attachment) => (
                    <AttachmentThumb key={attachment.id} scope={scope} ticketId={ticketId} attachment={attachment} />
                  ))}
                </ul>
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

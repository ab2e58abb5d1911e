import { useState } from 'react';
import { Lock, MessageSquare } from 'lucide-react';
import { staffReply } from '@tollgate/contract/tickets/tickets';
import { cn } from '#lib/cn.ts';
import { notify } from '#lib/toast.ts';
import { useStaffReply } from '../api/staff-tickets.ts';
import { ReplyForm } from './reply-form.tsx';

type Mode = 'reply' | 'note';
const MODES: Array<{ mode: Mode; label: string; short: string; icon: typeof Lock }> = [
  { mode: 'reply', label: 'Reply to customer', short: 'Reply', icon: MessageSquare },
  { mode: 'note', label: 'Internal note', short: 'Internal note', icon: Lock },
];

/**
 * A public answer (mailed to the customer) or an internal note only staff see. A closed ticket
 * takes notes only (the server refuses answers to it).
 */
export function StaffReply({ ticketId, notesOnly = false }: { ticketId: string; notesOnly?: boolean }) {
  const [chosen, setMode] = useState<Mode>('reply');
  const mode = notesOnly ? 'note' : chosen;
  const reply = useStaffReply(ticketId);
  const note = mode === 'note';
  return (
    <ReplyForm
      scope="staff"
      tone={note ? 'note' : 'default'}
      label={note ? 'Internal note' : 'Reply to customer'}
      submitLabel={note ? 'Add note' : 'Send reply'}
      send={async (body) => {
        await reply.mutateAsync({ ...body, internal: note });
        void notify('success', note ? (staffReply.messages?.note ?? staffReply.message) : staffReply.message);
      }}
      extra={
        !notesOnly && (
          <div
            role="radiogroup"
            aria-label="Kind of message"
            className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
          >
            {MODES.map((item) => (
              <button
                key={item.mode}
                type="button"
                role="radio"
                aria-checked={mode === item.mode}
                onClick={() => setMode(item.mode)}
                className={cn(
                  'flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md text-sm font-medium transition-colors',
                  mode === item.mode
                    ? item.mode === 'note'
                      ? 'bg-amber-100 text-amber-900 shadow-sm dark:bg-amber-500/20 dark:text-amber-100'
                      : 'bg-white text-slate-900 shadow-sm dark:bg-slate-900 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                <item.icon className="size-4" aria-hidden="true" />
                <span className="sm:hidden">{item.short}</span>
                <span className="hidden sm:inline">{item.label}</span>
              </button>
            ))}
          </div>
        )
      }
    />
  );
}

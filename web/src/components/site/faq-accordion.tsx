import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '@tollgate/contract/general/landing';

/** Native <details> keeps the accordion keyboard- and screen-reader-friendly without JS state. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item, index) => (
        <details key={index} className="group" open={index === 0}>
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/50 [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              className="size-4 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <div className="px-5 pb-5 text-sm leading-relaxed whitespace-pre-line text-slate-600 dark:text-slate-300">
            {item.answer}
          </div>
        </details>
      ))}
    </div>
  );
}

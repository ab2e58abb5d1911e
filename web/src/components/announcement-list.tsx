import { Info, CheckCircle2, AlertTriangle } from 'lucide-react';
import type { Announcement } from '@tollgate/contract/general/landing';
import { cn } from '#lib/cn.ts';
import { formatDate } from '#lib/format.ts';

const levels = {
  info: { icon: Info, tone: 'text-sky-600 bg-sky-50 dark:bg-sky-500/15 dark:text-sky-300' },
  success: { icon: CheckCircle2, tone: 'text-emerald-600 bg-emerald-50 dark:bg-emerald-500/15 dark:text-emerald-300' },
  warning: { icon: AlertTriangle, tone: 'text-amber-600 bg-amber-50 dark:bg-amber-500/15 dark:text-amber-300' },
} as const;

export function AnnouncementList({ items, className }: { items: Announcement[]; className?: string }) {
  return (
    <ul className={cn('divide-y divide-slate-100 dark:divide-slate-800', className)}>
      {items.map((item) => {
        const { icon: Icon, tone } = levels[item.level] ?? levels.info;
        return (
          <li key={item.id} className="flex gap-3 py-4 first:pt-0 last:pb-0">
            <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg', tone)}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <p className="font-medium text-slate-900 dark:text-white">{item.title}</p>
                <time dateTime={item.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
                  {formatDate(item.createdAt)}
                </time>
              </div>
              <p className="mt-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{item.message}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

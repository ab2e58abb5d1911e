import type { ReactNode } from 'react';
import { cn } from '#lib/cn.ts';

const tones = {
  success: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  waiting: 'bg-sky-50 text-sky-600 dark:bg-sky-500/15 dark:text-sky-300',
  error: 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300',
};

/** The centred card of the payment result pages. */
export function ResultPanel({
  tone,
  icon,
  title,
  children,
  actions,
}: {
  tone: keyof typeof tones;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section
      aria-labelledby="result-title"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className={cn('mx-auto mb-5 flex size-14 items-center justify-center rounded-full', tones[tone])}>
        {icon}
      </div>
      <h1 id="result-title" className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h1>
      <div className="mt-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );
}

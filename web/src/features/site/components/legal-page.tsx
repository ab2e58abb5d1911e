import type { ReactNode } from 'react';

/** `meta` replaces the "Last updated" line (operator texts show their version). */
export function LegalPage({
  title,
  updated,
  meta,
  children,
}: {
  title: string;
  updated?: string;
  meta?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Legal</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{meta ?? `Last updated ${updated}`}</p>
      <div className="mt-10 space-y-8 text-[15px] leading-relaxed text-slate-700 dark:text-slate-300 [&_h2]:mb-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-1.5 [&_p+p]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
      </div>
    </article>
  );
}

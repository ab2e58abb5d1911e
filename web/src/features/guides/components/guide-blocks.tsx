import { Children, type ReactNode } from 'react';
import { Copy, Info, TriangleAlert } from 'lucide-react';
import { copyText } from '#lib/clipboard.ts';
import { cn } from '#lib/cn.ts';

/** Numbered steps; each child is one step. */
export function Steps({ children }: { children: ReactNode }) {
  return (
    <ol className="space-y-6" data-testid="guide-steps">
      {Children.toArray(children).map((child, i) => (
        <li key={i} className="relative flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white dark:bg-brand-500"
          >
            {i + 1}
          </span>
          <div className="min-w-0 flex-1 space-y-3 pt-1">{child}</div>
        </li>
      ))}
    </ol>
  );
}

/** One step: a short title and what to do. */
export function Step({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children && <div className="space-y-3 text-slate-700 dark:text-slate-300">{children}</div>}
    </>
  );
}

export function Note({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'warning';
  title?: string;
  children: ReactNode;
}) {
  const Icon = tone === 'warning' ? TriangleAlert : Info;
  return (
    <aside
      className={cn(
        'flex gap-3 rounded-lg border p-4 text-sm',
        tone === 'warning'
          ? 'border-amber-200 bg-amber-50 text-amber-950 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100'
          : 'border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100',
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        <div className="space-y-2">{children}</div>
      </div>
    </aside>
  );
}

/** A code sample with a copy button; `label` names it for the button and screen readers. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-800 bg-slate-950">
      <div className="flex items-center justify-between gap-2 border-b border-slate-800 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-400">{label}</span>
        <button
          type="button"
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
          aria-label={`Copy ${label}`}
          onClick={() => void copyText(code, label)}
        >
          <Copy className="size-3.5" aria-hidden="true" />
          Copy
        </button>
      </div>
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-6 text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** A section of a guide with its own heading (anchored for the table of contents). */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="scroll-mt-24 space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Inline UI words: the label of a button, menu or field as the tool shows it. */
export function Ui({ children }: { children: ReactNode }) {
  return <strong className="font-semibold text-slate-900 dark:text-white">{children}</strong>;
}

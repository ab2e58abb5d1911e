import { cn } from '#lib/cn.ts';

export interface DiagramField {
  label: string;
  value: string;
  /** Highlighted with this number: the field the reader fills in, matching the step text. */
  mark?: number;
  kind?: 'input' | 'select' | 'toggle' | 'button';
  /** Takes the whole row (hostnames, long usernames). */
  wide?: boolean;
}

/**
 * A drawing of a tool's proxy settings dialog, made for these guides (no copied screenshots): the
 * fields to fill are outlined and numbered. The drawing is decorative for screen readers; the
 * caption lists the same fields and values as text.
 */
export function SettingsDiagram({
  app,
  heading,
  fields,
  caption,
}: {
  app: string;
  heading: string;
  fields: DiagramField[];
  caption?: string;
}) {
  const marked = fields.filter((field) => field.mark !== undefined);
  return (
    <figure className="not-prose overflow-hidden rounded-xl border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div aria-hidden="true" className="p-3 sm:p-5">
        <div className="mx-auto max-w-xl overflow-hidden rounded-lg border border-slate-300 bg-white shadow-md dark:border-slate-700 dark:bg-slate-950">
          <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-100 px-3 py-2 dark:border-slate-800 dark:bg-slate-900">
            <span className="size-2.5 rounded-full bg-red-400" />
            <span className="size-2.5 rounded-full bg-amber-400" />
            <span className="size-2.5 rounded-full bg-emerald-400" />
            <span className="ml-2 truncate text-xs font-medium text-slate-600 dark:text-slate-300">{app}</span>
          </div>
          <div className="space-y-3 p-4">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">{heading}</p>
            <div className="grid grid-cols-2 gap-3">
              {fields.map((field, i) => (
                <div
                  key={i}
                  className={cn('relative min-w-0', field.wide || field.kind === 'toggle' ? 'col-span-2' : '')}
                >
                  {field.kind === 'button' ? (
                    <span
                      className={cn(
                        'inline-flex h-8 items-center rounded-md bg-brand-600 px-3 text-xs font-medium text-white',
                        field.mark !== undefined && 'ring-2 ring-amber-400 ring-offset-2 dark:ring-offset-slate-950',
                      )}
                    >
                      {field.label}
                    </span>
                  ) : field.kind === 'toggle' ? (
                    <span className="flex items-center justify-between gap-2 text-xs text-slate-600 dark:text-slate-300">
                      {field.label}
                      <span
                        className={cn(
                          'flex h-5 w-9 items-center rounded-full bg-emerald-500 p-0.5',
                          field.mark !== undefined && 'ring-2 ring-amber-400 ring-offset-2 dark:ring-offset-slate-950',
                        )}
                      >
                        <span className="ml-auto size-4 rounded-full bg-white" />
                      </span>
                    </span>
                  ) : (
                    <>
                      <span className="mb-1 block truncate text-[11px] font-medium text-slate-500 dark:text-slate-400">
                        {field.label}
                      </span>
                      <span
                        className={cn(
                          'flex h-8 items-center justify-between gap-1 rounded-md border bg-white px-2 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100',
                          field.mark !== undefined
                            ? 'border-amber-400 ring-2 ring-amber-300/70 dark:ring-amber-400/40'
                            : 'border-slate-300 dark:border-slate-700',
                        )}
                      >
                        <span className="truncate">{field.value}</span>
                        {field.kind === 'select' && <span className="text-slate-400">▾</span>}
                      </span>
                    </>
                  )}
                  {field.mark !== undefined && (
                    <span className="absolute -top-2 -right-1 flex size-5 items-center justify-center rounded-full bg-amber-400 text-[11px] font-bold text-amber-950 shadow">
                      {field.mark}
                    </span>
                  )}
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
      <figcaption className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
        {caption ?? `${app}: ${heading}.`}{' '}
        {marked.length > 0 && (
          <span>
            Fill in{' '}
            {marked.map((field, i) => (
              <span key={i}>
                {i > 0 && (i === marked.length - 1 ? ' and ' : ', ')}
                <strong className="font-medium text-slate-900 dark:text-white">{field.label}</strong>
                {field.kind !== 'button' && field.kind !== 'toggle' && (
                  <>
                    {' '}
                    (<code className="font-mono text-xs break-all">{field.value}</code>)
                  </>
                )}
              </span>
            ))}
            .
          </span>
        )}
      </figcaption>
    </figure>
  );
}

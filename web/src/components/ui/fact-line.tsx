import { Fragment } from 'react';
import { cn } from '#lib/cn.ts';

/** Short facts joined by ` · `, each kept whole when the line wraps (ids and usernames must not split). */
export function FactLine({
  facts,
  className,
  ...props
}: {
  facts: string[];
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <p className={cn('font-mono text-xs text-slate-500 dark:text-slate-400', className)} {...props}>
      {facts.map((fact, i) => (
        <Fragment key={fact}>
          {i > 0 && ' · '}
          <span className="whitespace-nowrap">{fact}</span>
        </Fragment>
      ))}
    </p>
  );
}

import { Link } from 'react-router';
import { cn } from '#lib/cn.ts';

export type ResellersView = 'resellers' | 'applications';

/** The reseller screen's two lists; `?view=applications` so a link (or a reload) keeps the open one. */
export function ResellerTabs({ current, openApplications }: { current: ResellersView; openApplications?: number }) {
  const tabs: [ResellersView, string, number | undefined][] = [
    ['resellers', 'Resellers', undefined],
    ['applications', 'Applications', openApplications],
  ];
  return (
    <nav aria-label="Reseller lists">
      <ul className="flex gap-1 border-b border-slate-200 dark:border-slate-800">
        {tabs.map(([key, label, count]) => (
          <li key={key}>
            <Link
              to={key === 'resellers' ? '?' : `?view=${key}`}
              aria-current={key === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex h-10 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                key === current
                  ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {label}
              {count ? (
                <span
                  className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-500/20 dark:text-amber-300"
                  aria-label={`${count} open`}
                >
                  {count}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

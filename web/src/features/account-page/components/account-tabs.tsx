import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { cn } from '#lib/cn.ts';

/** The account page's sections; the open one is `?tab=` so it survives a reload and can be linked. */
export const ACCOUNT_TABS = [
  ['plans', 'Plans'],
  ['ledger', 'Ledger'],
  ['invoices', 'Invoices'],
  ['payments', 'Payments'],
  ['sessions', 'Sessions'],
  ['sign-ins', 'Sign-in history'],
  ['audit', 'Audit trail'],
  ['rewards', 'Referrals & rewards'],
  ['billing', 'Billing details'],
] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number][0];

export function useAccountTab(): AccountTab {
  const [params] = useSearchParams();
  const tab = params.get('tab');
  return ACCOUNT_TABS.find(([key]) => key === tab)?.[0] ?? 'plans';
}

export function AccountTabs({ current }: { current: AccountTab }) {
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring the open section into view (a linked ?tab=audit).
  useEffect(() => {
    const box = nav.current;
    const link = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (box && link) box.scrollLeft += link.getBoundingClientRect().left - box.getBoundingClientRect().left - 16;
  }, [current]);
  return (
    <nav ref={nav} aria-label="Account sections" className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-slate-200 dark:border-slate-800">
        {ACCOUNT_TABS.map(([key, label]) => (
          <li key={key}>
            <Link
              to={key === 'plans' ? '?' : `?tab=${key}`}
              replace
              aria-current={key === current ? 'page' : undefined}
              className={cn(
                '-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors',
                key === current
                  ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
              )}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

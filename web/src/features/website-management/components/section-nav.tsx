import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cn } from '#lib/cn.ts';

export const SECTIONS = [
  ['social', 'Social links'],
  ['copyright', 'Copyright'],
  ['announcements', 'Announcements'],
  ['faq', 'FAQ'],
  ['status', 'Status'],
  ['prices', 'Renewal prices'],
  ['rewards', 'Rewards'],
  ['own-servers', 'Own servers'],
] as const;
export type Section = (typeof SECTIONS)[number][0];

export const sectionOf = (value: string | null): Section => SECTIONS.find(([key]) => key === value)?.[0] ?? 'social';

/** The sections as a column beside the editor on wide screens and a scrolling row on phones. */
export function SectionNav({ current }: { current: Section }) {
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: bring a linked section (?section=own-servers) into view.
  useEffect(() => {
    const box = nav.current;
    const link = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (box && link && box.scrollWidth > box.clientWidth) {
      box.scrollLeft += link.getBoundingClientRect().left - box.getBoundingClientRect().left - 16;
    }
  }, [current]);
  return (
    <nav
      ref={nav}
      aria-label="Website sections"
      className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200 lg:min-w-0 lg:flex-col lg:border-b-0 dark:border-slate-800">
        {SECTIONS.map(([key, label]) => (
          <li key={key}>
            <Link
              to={`?section=${key}`}
              replace
              aria-current={key === current ? 'page' : undefined}
              className={cn(
                '-mb-px flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors lg:mb-0 lg:rounded-lg lg:border-b-0',
                key === current
                  ? 'border-brand-600 text-brand-700 lg:bg-brand-50 dark:border-brand-400 dark:text-brand-300 lg:dark:bg-brand-500/15'
                  : 'border-transparent text-slate-600 hover:text-slate-900 lg:hover:bg-slate-100 dark:text-slate-400 dark:hover:text-white lg:dark:hover:bg-slate-800',
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

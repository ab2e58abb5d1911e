import { NavLink } from 'react-router';
import { cn } from '#lib/cn.ts';
import { RESELLER_DOCS_ROOT, RESELLER_GROUPS, RESELLER_PAGES } from '../utils/reseller-pages.ts';
import { MethodBadge } from './endpoint-card.tsx';

const link = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm',
    isActive
      ? 'bg-brand-50 font-medium text-brand-800 dark:bg-brand-500/10 dark:text-brand-200'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

/** The one menu of the reseller documentation: the overview, then the pages by group. */
export function ResellerMenu({ label }: { label: string }) {
  return (
    <nav aria-label={label} className="space-y-4">
      <NavLink end to={RESELLER_DOCS_ROOT} className={link}>
        Overview: authentication, limits
      </NavLink>
      {RESELLER_GROUPS.map((group) => (
        <div key={group}>
          <p className="mb-1 px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {group}
          </p>
          <ul className="space-y-0.5">
            {RESELLER_PAGES.filter((page) => page.group === group).map((page) => (
              <li key={page.route}>
                <NavLink end to={page.route} className={link}>
                  {/* A page of several calls shows the method of its first. */}
                  <span className="scale-90">
                    <MethodBadge method={page.calls[0]!.method} />
                  </span>
                  <span className="min-w-0">{page.title}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

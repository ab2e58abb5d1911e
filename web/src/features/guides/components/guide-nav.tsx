import { NavLink } from 'react-router';
import { GUIDE_GROUPS, GUIDES, guidePath } from '@tollgate/contract/general/guides';
import { cn } from '#lib/cn.ts';

/** All 17 guides in their groups; the open one is marked as the current page. */
export function GuideNav() {
  return (
    <nav aria-label="Setup guides" className="space-y-6 text-sm">
      {GUIDE_GROUPS.map((group) => (
        <div key={group}>
          <h2 className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            {group}
          </h2>
          <ul className="space-y-0.5">
            {GUIDES.filter((guide) => guide.group === group).map((guide) => (
              <li key={guide.slug}>
                <NavLink
                  to={guidePath(guide.slug)}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-3 py-1.5 transition-colors',
                      isActive
                        ? 'bg-brand-50 font-medium text-brand-800 dark:bg-brand-500/10 dark:text-brand-200'
                        : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
                    )
                  }
                >
                  {guide.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

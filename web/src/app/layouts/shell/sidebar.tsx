import type { ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { ArrowLeftRight, ChevronsLeft, ChevronsRight, ExternalLink, X } from 'lucide-react';
import { Logo } from '#components/logo.tsx';
import { SocialIcon } from '#components/social-icon.tsx';
import { cn } from '#lib/cn.ts';
import { storage } from '#lib/storage.ts';
import type { NavItem, PanelSwitch, ShellNav } from './nav.ts';

export const SIDEBAR_WIDTH = 270;
export const SIDEBAR_COLLAPSED_WIDTH = 88;

function applySwitch(item: PanelSwitch) {
  if (item.key === 'goToAdminPanel') storage.showAdmin.set(true);
  else if (item.key === 'goToSupportPanel') storage.showSupport.set(true);
  else {
    storage.showAdmin.set(false);
    storage.showSupport.set(false);
  }
}

const itemClass = (collapsed: boolean, active = false) =>
  cn(
    'group flex h-10 items-center gap-3 rounded-lg text-sm font-medium transition-colors',
    collapsed ? 'justify-center px-0' : 'px-3',
    active
      ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800/70 dark:hover:text-white',
  );

function ItemIcon({ item }: { item: NavItem }) {
  if (item.social) return <SocialIcon social={item.social} className="size-[18px] shrink-0" />;
  const Icon = item.icon;
  return Icon ? <Icon className="size-[18px] shrink-0" /> : null;
}

function Item({ item, collapsed, onSelect }: { item: NavItem; collapsed: boolean; onSelect: () => void }) {
  const { pathname } = useLocation();
  const activeBelow = item.activeUnder !== undefined && pathname.startsWith(item.activeUnder);
  const select = () => {
    storage.setSelectedMenu(item.key);
    onSelect();
  };
  const count = item.count ? (
    <span
      className={cn(
        'min-w-5 rounded-full bg-brand-600 px-1.5 text-center text-[11px] leading-5 font-semibold text-white tabular-nums',
        collapsed ? 'absolute -top-1 -right-1' : 'ml-auto',
      )}
    >
      {item.count > 99 ? '99+' : item.count}
      <span className="sr-only"> unread</span>
    </span>
  ) : null;
  const label = <span className={cn('truncate', collapsed && 'sr-only')}>{item.label}</span>;
  if (item.href) {
    return (
      <a
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        title={collapsed ? item.label : undefined}
        className={itemClass(collapsed)}
        onClick={select}
      >
        <ItemIcon item={item} />
        {label}
        {!collapsed && <ExternalLink className="ml-auto size-3.5 opacity-50" aria-hidden="true" />}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink
      to={item.to ?? '/'}
      end={!item.prefix}
      title={collapsed ? item.label : undefined}
      className={({ isActive }) => cn(itemClass(collapsed, isActive || activeBelow), count && collapsed && 'relative')}
      onClick={select}
    >
      <ItemIcon item={item} />
      {label}
      {count}
    </NavLink>
  );
}

export interface SidebarProps {
  nav: ShellNav;
  homePath: string;
  collapsed: boolean;
  mobile: boolean;
  onToggleCollapsed: () => void;
  onClose: () => void;
  /** Extra card under the menu (the customer extension promo). */
  promo?: ReactNode;
}

export function SidebarContent({ nav, homePath, collapsed, mobile, onToggleCollapsed, onClose, promo }: SidebarProps) {
  const navigate = useNavigate();
  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-slate-200 dark:border-slate-800',
          collapsed ? 'justify-center px-2' : 'justify-between px-5',
        )}
      >
        <Logo to={homePath} collapsed={collapsed} />
        {mobile ? (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : (
          !collapsed && (
            <button
              type="button"
              onClick={onToggleCollapsed}
              aria-label="Collapse sidebar"
              aria-expanded="true"
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <ChevronsLeft className="size-5" aria-hidden="true" />
            </button>
          )
        )}
      </div>
      <nav aria-label="Sidebar" className="flex-1 overflow-y-auto px-4 py-4">
        {collapsed && (
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-label="Expand sidebar"
            aria-expanded="false"
            className={cn(itemClass(true), 'mb-3 w-full')}
          >
            <ChevronsRight className="size-5" aria-hidden="true" />
          </button>
        )}
        {nav.sections.map((section) => (
          <div key={section.title} className="mb-5">
            <h2
              className={cn(
                'mb-1.5 px-3 text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400',
                collapsed && 'sr-only',
              )}
            >
              {section.title}
            </h2>
            <ul className="space-y-0.5">
              {section.items.map((item) => (
                <li key={item.key}>
                  <Item item={item} collapsed={collapsed} onSelect={onClose} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        {!collapsed && promo}
      </nav>
      {nav.switches.length > 0 && (
        <div className="shrink-0 space-y-2 border-t border-slate-200 p-4 dark:border-slate-800">
          {nav.switches.map((item) => (
            <button
              key={item.key}
              type="button"
              title={collapsed ? item.label : undefined}
              onClick={() => {
                applySwitch(item);
                onClose();
                void navigate(item.to);
              }}
              className={cn(
                'flex h-10 w-full items-center gap-2 rounded-lg bg-slate-900 text-sm font-medium text-white hover:bg-slate-800 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200',
                collapsed ? 'justify-center' : 'justify-center px-3',
              )}
            >
              <ArrowLeftRight className="size-4 shrink-0" aria-hidden="true" />
              <span className={cn(collapsed && 'sr-only')}>{item.label}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

import type { ReactNode, RefObject } from 'react';
import { Link, useMatches } from 'react-router';
import { CalendarDays, LogOut, Menu, UserRound, Wallet } from 'lucide-react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { ThemeSwitch } from '#components/theme-switch.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatDate } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { signOut } from '#lib/session.ts';
import type { RouteHandle } from '../../route-helpers.tsx';

function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

export interface TopBarProps {
  user: CurrentUser | undefined;
  mobile: boolean;
  menuButtonRef?: RefObject<HTMLButtonElement | null>;
  onOpenMenu: () => void;
  /**
   * Customer top bar: balance and profile links. The reseller panel's shows the balance, which staff
   * fund, without a link (ADR 044). Staff bars show neither.
   */
  variant: 'customer' | 'reseller' | 'staff';
  panelName: string;
  /** Area-specific controls before the theme switch (the admin notification bell). */
  extra?: ReactNode;
}

export function TopBar({ user, mobile, menuButtonRef, onOpenMenu, variant, panelName, extra }: TopBarProps) {
  const handle = useRouteHandle();
  const chip = 'flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-medium sm:px-3';
  const username = user?.username ?? '…';
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 print:hidden items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-950/90">
      {mobile && (
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          className="-ml-1 rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          <Menu className="size-5" aria-hidden="true" />
        </button>
      )}
      <nav aria-label="Breadcrumb" className="min-w-0 flex-1">
        <ol className="flex items-center gap-1.5 text-sm">
          <li className="hidden text-slate-500 sm:block dark:text-slate-400">{handle?.section ?? panelName}</li>
          <li aria-hidden="true" className="hidden text-slate-300 sm:block dark:text-slate-600">
            /
          </li>
          <li
            aria-current="page"
            className="truncate font-semibold text-slate-900 dark:text-white"
            data-testid="page-title"
          >
            {handle?.title ?? panelName}
          </li>
        </ol>
      </nav>
      {/* Tighter below sm, so the page title still fits at 375 px beside the bell and the balance. */}
      <div className="flex items-center gap-1 sm:gap-2">
        {extra}
        <ThemeSwitch reloadOnChange={variant === 'staff'} />
        {variant === 'customer' && (
          <Link
            to={paths.topup}
            className={cn(
              chip,
              'border border-brand-200 bg-brand-50 text-brand-700 hover:bg-brand-100 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-200 dark:hover:bg-brand-500/20',
            )}
            aria-label={`Balance ${formatBalance(user?.balance)}, deposit balance`}
            data-testid="balance"
          >
            <Wallet className="hidden size-4 sm:block" aria-hidden="true" />
            <span className="tabular-nums">{formatBalance(user?.balance)}</span>
          </Link>
        )}
        <span className={cn(chip, 'hidden text-slate-500 xl:flex dark:text-slate-400')}>
          <CalendarDays className="size-4" aria-hidden="true" />
          <time dateTime={new Date().toISOString().slice(0, 10)}>{formatDate(new Date())}</time>
        </span>
        {variant === 'reseller' && (
          <span
            className={cn(
              chip,
              'border border-brand-200 bg-brand-50 text-brand-700 dark:border-brand-500/30 dark:bg-brand-500/10 dark:text-brand-200',
            )}
            aria-label={`Balance ${formatBalance(user?.balance)}`}
            data-testid="balance"
          >
            <Wallet className="hidden size-4 sm:block" aria-hidden="true" />
            <span className="tabular-nums">{formatBalance(user?.balance)}</span>
          </span>
        )}
        {variant === 'customer' ? (
          <Link
            to={paths.myProfile}
            className={cn(chip, 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800')}
            data-testid="username"
          >
            <UserRound className="size-4" aria-hidden="true" />
            <span className="hidden max-w-32 truncate md:inline">{username}</span>
            <span className="sr-only md:hidden">{username}</span>
          </Link>
        ) : (
          <span className={cn(chip, 'text-slate-700 dark:text-slate-200')} data-testid="username">
            <UserRound className="size-4" aria-hidden="true" />
            <span className="hidden max-w-32 truncate md:inline">{username}</span>
          </span>
        )}
        <button
          type="button"
          onClick={() => void signOut()}
          aria-label="Log out"
          title="Log out"
          className="rounded-lg p-1.5 text-slate-500 hover:bg-red-50 sm:p-2 hover:text-red-600 dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-300"
        >
          <LogOut className="size-5" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
}

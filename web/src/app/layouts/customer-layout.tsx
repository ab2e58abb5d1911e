import type { LoaderFunctionArgs } from 'react-router';
import { Puzzle } from 'lucide-react';
import { NotificationBell } from '#features/notifications/components/notification-bell.tsx';
import { useLanding } from '#features/site/api/use-landing.ts';
import { useUnreadTickets } from '#features/tickets/api/unread-tickets.ts';
import { useCurrentUser } from '#lib/session.ts';
import { paths } from '#lib/paths.ts';
import { requireUser } from '../guards.ts';
import { AppShell } from './shell/app-shell.tsx';
import { customerNav } from './shell/nav.ts';
import { StaffNotice } from './staff-notice.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  return null;
}

function ExtensionPromo({ href }: { href: string }) {
  return (
    <div className="mt-2 rounded-xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-4 dark:border-brand-500/30 dark:from-brand-500/15 dark:to-slate-900">
      <div className="mb-2 flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Puzzle className="size-4" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold text-slate-900 dark:text-white">Tollgate browser extension</p>
      <p className="mt-1 text-xs leading-relaxed text-slate-600 dark:text-slate-400">
        Switch proxies and locations from your browser toolbar in one click.
      </p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-flex h-8 items-center rounded-lg bg-brand-600 px-3 text-xs font-medium text-white hover:bg-brand-700"
      >
        Add to browser
        <span className="sr-only"> (opens the web store in a new tab)</span>
      </a>
    </div>
  );
}

export default function CustomerLayout() {
  const { data: user } = useCurrentUser();
  const { data: landing } = useLanding();
  // Reseller API accounts never stay here (the guard sends them to their panel, ADR 044); nobody else lacks tickets.
  const customer = user !== undefined && user.reseller !== 1;
  const unreadTickets = useUnreadTickets(customer);
  const nav = customerNav(user?.role ?? 'User', landing, unreadTickets);
  return (
    <AppShell
      nav={nav}
      variant="customer"
      panelName="Dashboard"
      homePath={paths.dashboard}
      promo={landing && <ExtensionPromo href={landing.Links.extensionStore} />}
      notice={user?.staffMessage ? <StaffNotice message={user.staffMessage} /> : null}
      topBarExtra={<NotificationBell audience="customer" enabled={customer} />}
    />
  );
}

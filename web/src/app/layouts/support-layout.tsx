import type { LoaderFunctionArgs } from 'react-router';
import { SUPPORT_STAFF } from '@tollgate/contract/access/roles';
import { NotificationBell } from '#features/notifications/components/notification-bell.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useCurrentUser } from '#lib/session.ts';
import { requireUser } from '../guards.ts';
import { AppShell } from './shell/app-shell.tsx';
import { staffNav } from './shell/nav.ts';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args, SUPPORT_STAFF);
  return null;
}

export default function SupportLayout() {
  const { data: user } = useCurrentUser();
  return (
    <AppShell
      nav={staffNav(user?.role ?? 'Support')}
      variant="staff"
      panelName="Support panel"
      homePath={staffPaths.support.trialpage}
      topBarExtra={<NotificationBell audience="staff" />}
    />
  );
}

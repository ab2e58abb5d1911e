import type { LoaderFunctionArgs } from 'react-router';
import { ADMINS_AND_MANAGERS } from '@tollgate/contract/access/roles';
import { NotificationBell } from '#features/notifications/components/notification-bell.tsx';
import { staffPaths } from '#lib/staff-paths.ts';
import { useCurrentUser } from '#lib/session.ts';
import { requireUser } from '../guards.ts';
import { AppShell } from './shell/app-shell.tsx';
import { staffNav } from './shell/nav.ts';

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args, ADMINS_AND_MANAGERS);
  return null;
}

export default function AdminLayout() {
  const { data: user } = useCurrentUser();
  return (
    <AppShell
      nav={staffNav(user?.role ?? 'Manager')}
      variant="staff"
      panelName="Admin panel"
      homePath={staffPaths.admin.dashboard}
      topBarExtra={<NotificationBell audience="staff" />}
    />
  );
}

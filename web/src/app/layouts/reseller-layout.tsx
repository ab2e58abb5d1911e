import type { LoaderFunctionArgs } from 'react-router';
import { useLanding } from '#features/site/api/use-landing.ts';
import { paths } from '#lib/paths.ts';
import { useCurrentUser } from '#lib/session.ts';
import { requireReseller } from '../guards.ts';
import { AppShell } from './shell/app-shell.tsx';
import { resellerNav } from './shell/nav.ts';
import { StaffNotice } from './staff-notice.tsx';

export async function loader(args: LoaderFunctionArgs) {
  await requireReseller(args);
  return null;
}

/** The reseller panel of reseller=1 API accounts (ADR 044): its own sidebar, no customer area in reach. */
export default function ResellerLayout() {
  const { data: user } = useCurrentUser();
  const { data: landing } = useLanding();
  return (
    <AppShell
      nav={resellerNav(landing)}
      variant="reseller"
      panelName="Reseller panel"
      homePath={paths.resellerPanel.root}
      notice={user?.staffMessage ? <StaffNotice message={user.staffMessage} /> : null}
    />
  );
}

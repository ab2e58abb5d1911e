import { redirect, type LoaderFunctionArgs } from 'react-router';
import { Activity, BadgeCheck, Store, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { canSeeArea } from '@tollgate/contract/access/areas';
import { PageHeader } from '#components/page-header.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { queryClient } from '#lib/query-client.ts';
import { meQueryOptions } from '#lib/session.ts';
import { storage } from '#lib/storage.ts';
import { useStatistics } from '../api/get-statistics.ts';
import { SignupsChart } from '../components/signups-chart.tsx';

/** Statistics is Administrator-only (spec §6); a Manager lands on User Management instead. */
export async function loader(_: LoaderFunctionArgs) {
  // Without a token the admin layout's guard redirects to sign-in; do not race it.
  if (!storage.getToken()) return null;
  const user = await queryClient.fetchQuery(meQueryOptions());
  if (!canSeeArea('Statistics', user.role)) return redirect(paths.admin.accounts);
  return null;
}

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: number;
  hint?: string;
}) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</p>
        <Icon className="size-4 text-slate-400" aria-hidden="true" />
      </div>
      <p className="mt-2 text-2xl font-semibold text-slate-900 tabular-nums sm:text-3xl dark:text-white">
        {formatNumber(value)}
      </p>
      {hint && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{hint}</p>}
    </Card>
  );
}

export default function StatisticsPage() {
  const { data, isPending, error, refetch } = useStatistics();
  if (isPending) return <PageSpinner />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  const { accounts, sessions, signupsByDay } = data;
  return (
    <div className="space-y-6">
      <PageHeader title="Statistics" description="Accounts, sign-ups and active sessions across Tollgate." />
      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          icon={Users}
          label="Accounts"
          value={accounts.total}
          hint={`${formatNumber(accounts.byRole.User)} customers`}
        />
        <StatCard
          icon={UserPlus}
          label="New in 7 days"
          value={accounts.newLast7Days}
          hint={`${formatNumber(accounts.newLast30Days)} in 30 days`}
        />
        <StatCard
          icon={BadgeCheck}
          label="Verified emails"
          value={accounts.verified}
          hint={`${accounts.total ? Math.round((accounts.verified / accounts.total) * 100) : 0}% of accounts`}
        />
        <StatCard icon={Activity} label="Active sessions" value={sessions.active} />
      </section>
      <div className="grid gap-6 xl:grid-cols-3">
        <Card className="xl:col-span-2">
          <CardHeader title="Sign-ups per day" description="Last 30 days, UTC" />
          <CardBody>
            <SignupsChart days={signupsByDay} />
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Accounts by role" />
          <CardBody>
            <dl className="space-y-3 text-sm">
              {(['User', 'Administrator', 'Manager', 'Support'] as const).map((role) => (
                <div key={role} className="flex items-center justify-between">
                  <dt className="text-slate-600 dark:text-slate-400">{role === 'User' ? 'Customers' : role}</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                    {formatNumber(accounts.byRole[role])}
                  </dd>
                </div>
              ))}
              <div className="flex items-center justify-between border-t border-slate-100 pt-3 dark:border-slate-800">
                <dt className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
                  <Store className="size-4" aria-hidden="true" />
                  Reseller API accounts
                </dt>
                <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">
                  {formatNumber(accounts.resellers)}
                </dd>
              </div>
            </dl>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

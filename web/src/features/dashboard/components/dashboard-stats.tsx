import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Activity, CalendarClock, Gauge, Plus, Receipt, Wallet, type LucideIcon } from 'lucide-react';
import { Card } from '#components/ui/card.tsx';
import { buttonClass } from '#components/ui/button.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance, formatBytes, formatNumber } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';

export interface DashboardStatsData {
  balance: number;
  stats: {
    activePlans: number;
    expiringSoon: number;
    totalSpent: number;
    spentLast30Days: number;
    bandwidthUsed: number;
    bandwidthUsedBytes: number;
  };
}

function Stat({
  icon: Icon,
  label,
  value,
  note,
  action,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)}>
      <div className="flex items-center gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        <p className="min-w-0 text-sm text-slate-500 dark:text-slate-400">{label}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{value}</p>
          {note && <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{note}</p>}
        </div>
        {action}
      </div>
    </Card>
  );
}

/** Balance, plans and spend at a glance (the summary the server computes with the dashboard). */
export function DashboardStats({ data }: { data: DashboardStatsData }) {
  const { stats } = data;
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      <Stat
        icon={Wallet}
        label="Balance"
        className="col-span-2 lg:col-span-1"
        value={formatBalance(data.balance)}
        action={
          <Link to={paths.topup} className={buttonClass('outline', 'sm')}>
            <Plus className="size-4" aria-hidden="true" />
            Deposit
          </Link>
        }
      />
      <Stat icon={Activity} label="Active plans" value={formatNumber(stats.activePlans)} />
      <Stat
        icon={CalendarClock}
        label="Expiring soon"
        value={formatNumber(stats.expiringSoon)}
        note="Active plans ending within 3 days"
      />
      <Stat
        icon={Receipt}
        label="Spent last 30 days"
        value={formatBalance(stats.spentLast30Days)}
        note={`${formatBalance(stats.totalSpent)} in total`}
      />
      <Stat icon={Gauge} label="Bandwidth used" value={formatBytes(stats.bandwidthUsedBytes)} note="Across all plans" />
    </section>
  );
}

import { Activity, AlertTriangle, CheckCircle2, Wrench, XCircle } from 'lucide-react';
import type { ServiceStatus } from '@tollgate/contract/general/landing';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { cn } from '#lib/cn.ts';
import { formatDate } from '#lib/format.ts';

export type ServiceState = ServiceStatus['overall'];
export const STATUS_STATES: Record<
  ServiceState,
  { label: string; tone: BadgeTone; icon: typeof CheckCircle2; banner: string }
> = {
  operational: {
    label: 'Operational',
    tone: 'success',
    icon: CheckCircle2,
    banner:
      'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100',
  },
  degraded: {
    label: 'Degraded performance',
    tone: 'warning',
    icon: AlertTriangle,
    banner:
      'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100',
  },
  outage: {
    label: 'Outage',
    tone: 'danger',
    icon: XCircle,
    banner: 'border-red-200 bg-red-50 text-red-900 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-100',
  },
  maintenance: {
    label: 'Maintenance',
    tone: 'info',
    icon: Wrench,
    banner: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-500/30 dark:bg-sky-500/10 dark:text-sky-100',
  },
};

/** The /status page's report: overall banner, components and when it was last updated. */
export function StatusReport({ status }: { status: ServiceStatus }) {
  const overall = STATUS_STATES[status.overall];
  const Icon = overall.icon;
  return (
    <div className="space-y-6">
      <div className={cn('flex items-start gap-4 rounded-xl border p-5', overall.banner)} role="status">
        <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">{overall.label}</p>
          <p className="mt-1 text-sm opacity-90">{status.message}</p>
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {status.components.map((component, index) => (
            <li key={`${index}-${component.name}`} className="flex items-center justify-between gap-4 px-5 py-4">
              <span className="flex items-center gap-3 text-sm font-medium text-slate-900 dark:text-white">
                <Activity className="size-4 text-slate-400" aria-hidden="true" />
                {component.name}
              </span>
              <Badge tone={STATUS_STATES[component.state].tone}>{STATUS_STATES[component.state].label}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">Last updated {formatDate(status.updatedAt, '24h')}</p>
    </div>
  );
}

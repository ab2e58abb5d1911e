import { Suspense } from 'react';
import { useRevalidator } from 'react-router';
import { Activity, AlertTriangle, CheckCircle2, Wrench, XCircle } from 'lucide-react';
import type { ServiceStatus } from '@tollgate/contract/general/landing';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';
import { formatDate } from '#lib/format.ts';
import { usePublicLanding } from '../api/get-landing.ts';
import { useHead, SITE_NAME } from '#lib/head.ts';

type State = ServiceStatus['overall'];
const STATES: Record<State, { label: string; tone: BadgeTone; icon: typeof CheckCircle2; banner: string }> = {
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

function LiveStatus() {
  const landing = usePublicLanding();
  const revalidator = useRevalidator();
  if (landing === undefined) return <PageSpinner />;
  if (!landing) {
    return (
      <ErrorState
        error={new Error('The service status could not be loaded. Please try again in a moment.')}
        onRetry={() => void revalidator.revalidate()}
      />
    );
  }
  return <StatusReport status={landing.Status} />;
}

export default function StatusPage() {
  useHead({
    title: `Service status · ${SITE_NAME}`,
    description:
      'Live state of the proxy network, dashboard, API and payments, with current incidents and maintenance.',
    path: '/status',
  });
  return (
    <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-medium text-brand-600 dark:text-brand-400">Service status</p>
      <h1 className="mt-2 mb-10 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Is everything running?
      </h1>
      <Suspense fallback={<PageSpinner />}>
        <LiveStatus />
      </Suspense>
    </section>
  );
}

function StatusReport({ status }: { status: ServiceStatus }) {
  const overall = STATES[status.overall];
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
          {status.components.map((component) => (
            <li key={component.name} className="flex items-center justify-between gap-4 px-5 py-4">
              <span className="flex items-center gap-3 text-sm font-medium text-slate-900 dark:text-white">
                <Activity className="size-4 text-slate-400" aria-hidden="true" />
                {component.name}
              </span>
              <Badge tone={STATES[component.state].tone}>{STATES[component.state].label}</Badge>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-slate-500 dark:text-slate-400">Last updated {formatDate(status.updatedAt, '24h')}</p>
    </div>
  );
}

import { adminSystemStatus } from '@tollgate/contract/admin/system';
import { route } from '#platform/http/routes.ts';
import type { AppModule } from '#platform/module.ts';
import type { ShopMetrics } from '#platform/metrics/shop-metrics.ts';
import { createSystemService, type SystemDeps } from './system.service';

/**
 * The Administrator's system page (issue 35), and the job and delivery backlogs as gauges on
 * /metrics: one reading serves both.
 */
export function systemModule(deps: SystemDeps & { metrics: ShopMetrics }): AppModule {
  const system = createSystemService(deps);
  // One read of the backlog serves the three gauges of a scrape.
  let read: { at: number; deliveries: ReturnType<typeof system.deliveries> } | null = null;
  const deliveries = () => {
    if (!read || Date.now() - read.at > 1_000) read = { at: Date.now(), deliveries: system.deliveries() };
    return read.deliveries;
  };
  const gauge = (
    name: string,
    help: string,
    value: (d: Awaited<ReturnType<typeof system.deliveries>>[number]) => number | null,
  ) =>
    deps.metrics.reading(name, help, ['kind'], async () =>
      (await deliveries()).flatMap((d) => {
        const v = value(d);
        return v === null ? [] : [{ labels: { kind: d.kind }, value: v }];
      }),
    );
  const queues = (value: (q: Awaited<ReturnType<SystemDeps['queues']>>[number]) => number) => async () =>
    (await deps.queues()).map((q) => ({ labels: { queue: q.queue }, value: value(q) }));
  deps.metrics.reading(
    'tollgate_job_queue_due',
    'Scheduled jobs due and not yet taken, by queue',
    ['queue'],
    queues((q) => q.due),
  );
  deps.metrics.reading(
    'tollgate_job_queue_lag_seconds',
    'How long the oldest due job has waited, by queue',
    ['queue'],
    queues((q) => q.lagSeconds),
  );
  gauge('tollgate_deliveries_pending', 'Webhooks, notices and campaign mail not yet delivered', (d) => d.pending);
  gauge('tollgate_deliveries_failing', 'Deliveries given up on in the last day, or notices retrying', (d) => d.failing);
  gauge(
    'tollgate_deliveries_oldest_pending_seconds',
    'Age of the oldest undelivered item',
    (d) => d.oldestPendingSeconds,
  );
  return { routes: [route(adminSystemStatus, () => system.status())] };
}

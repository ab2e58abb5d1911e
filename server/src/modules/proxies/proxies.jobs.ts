import type { Sealer } from '#platform/auth/sealed.ts';
import type { Db } from '#platform/db/client.ts';
import type { ScheduledJob } from '#platform/jobs/scheduler.ts';
import { backendDepsOf, loadConnection, type EnvConnection } from '#platform/products/upstream-connection.ts';
import { backendFor, UPSTREAM_PROVIDER } from '#platform/proxy-backends/select.ts';
import { createUpstreamDelivery } from './upstream-delivery';

/** `sealer` opens the stored upstream API key (the product API's seal). */
export function proxiesJobs(deps: { db: Db; sealer: Sealer; env: EnvConnection }): ScheduledJob[] {
  const { db } = deps;
  return [
    {
      name: 'proxies-upstream-deliver',
      cron: '* * * * *',
      run: async () => {
        // The connection in use now: the one saved on /admin/productapi, else the environment's (ADR 031).
        const connection = backendDepsOf(await loadConnection(db, deps.sealer, deps.env));
        const upstream = createUpstreamDelivery({ db, backend: () => backendFor(UPSTREAM_PROVIDER, connection) });
        await upstream.provisionDue();
        await upstream.syncBandwidthDue();
        await upstream.syncDaysDue();
      },
    },
  ];
}

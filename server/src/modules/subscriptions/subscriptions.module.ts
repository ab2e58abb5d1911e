import type { AppModule } from '#platform/module.ts';
import type { SubscriptionJobs } from './subscription-jobs';
import { subscriptionsJobs } from './subscriptions.jobs';
import { subscriptionsRoutes } from './subscriptions.routes';

/** Customers' plans and the staff's tools for them, and the jobs that expire, renew and remind. */
export function subscriptionsModule(
  deps: Parameters<typeof subscriptionsRoutes>[0] & {
    jobs: SubscriptionJobs;
    deliverNotices: () => Promise<unknown>;
  },
): AppModule {
  const { jobs, deliverNotices, ...routeDeps } = deps;
  return { routes: subscriptionsRoutes(routeDeps), jobs: subscriptionsJobs(jobs, deliverNotices) };
}

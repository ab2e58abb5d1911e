import type { ScheduledJob } from '#platform/jobs/scheduler.ts';
import type { SubscriptionJobs } from './subscription-jobs';

/** `deliverNotices` sends what the notices table owes (ADR 019). */
export function subscriptionsJobs(jobs: SubscriptionJobs, deliverNotices: () => Promise<unknown>): ScheduledJob[] {
  // Jobs that leave notices deliver them at once; the minute's sweep catches anything left over.
  const thenDeliver =
    <T>(run: (now: Date) => Promise<T>) =>
    async (now: Date) => {
      const result = await run(now);
      await deliverNotices();
      return result;
    };
  return [
    { name: 'subscriptions-expire', cron: '* * * * *', run: (now) => jobs.expireDue(now) },
    { name: 'subscriptions-deplete', cron: '* * * * *', run: (now) => jobs.markDepleted(now) },
    { name: 'subscriptions-auto-renew', cron: '*/10 * * * *', run: thenDeliver((now) => jobs.autoRenewDue(now)) },
    { name: 'subscriptions-remind', cron: '17 * * * *', run: thenDeliver((now) => jobs.remindExpiring(now)) },
    {
      name: 'subscriptions-remind-low-bandwidth',
      cron: '*/5 * * * *',
      run: thenDeliver(() => jobs.remindLowBandwidth()),
    },
  ];
}

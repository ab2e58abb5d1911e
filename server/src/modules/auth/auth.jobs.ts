import type { Db } from '#platform/db/client.ts';
import type { ScheduledJob } from '#platform/jobs/scheduler.ts';
import { forgetQuietSignInBackoffs } from './session.service';

export function authJobs(db: Db): ScheduledJob[] {
  return [
    // Back-off buckets quiet for the window hold nothing; unknown logins would otherwise pile up.
    { name: 'sign-in-backoffs-forget', cron: '23 * * * *', run: () => forgetQuietSignInBackoffs(db) },
  ];
}

import type { Db } from '#platform/db/client.ts';
import type { ScheduledJob } from '#platform/jobs/scheduler.ts';
import { purgeExpiredSecurityEvents } from './general-logs.service';

export function generalLogsJobs(db: Db): ScheduledJob[] {
  return [
    // Security events and sign-ins past the retention setting (ADR 028); staff changes stay.
    { name: 'logs-purge-security-events', cron: '41 3 * * *', run: (now) => purgeExpiredSecurityEvents(db, now) },
  ];
}

import type { Db } from '#platform/db/client.ts';
import type { AppModule } from '#platform/module.ts';
import { generalLogsJobs } from './general-logs.jobs';
import { generalLogsRoutes } from './general-logs.routes';

/** General site logs (issue 14, ADR 028), and the purge of what is past their retention. */
export function generalLogsModule({ db }: { db: Db }): AppModule {
  return { routes: generalLogsRoutes({ db }), jobs: generalLogsJobs(db) };
}

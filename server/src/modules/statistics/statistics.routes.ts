import { adminStatistics } from '@tollgate/contract/admin/statistics';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import { statisticsService } from './statistics.service';

export function statisticsRoutes({ db }: { db: Db }) {
  return [route(adminStatistics, ({ query }) => statisticsService.statistics(db, query))];
}

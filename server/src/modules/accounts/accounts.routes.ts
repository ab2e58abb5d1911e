import {
  adminAccounts,
  adminAdjustBalance,
  adminStatistics,
  supportTrialPage,
} from '@tollgate/contract/admin/accounts';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import { accountsService } from './accounts.service';
import { createBalanceService } from './balance.service';

export function accountsRoutes({ db }: { db: Db }) {
  const balance = createBalanceService({ db });
  return [
    route(adminAccounts, ({ query }) => accountsService.list(db, query)),
    route(supportTrialPage, ({ query }) => accountsService.list(db, { ...query, customersOnly: true })),
    route(adminStatistics, () => accountsService.statistics(db)),
    route(adminAdjustBalance, async ({ auth, params, body, useMessage }) => {
      const result = await balance.adjust(auth, { userId: params.userId, ...body });
      if (result.requestId) useMessage('pending');
      return result;
    }),
  ];
}

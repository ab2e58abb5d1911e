import { adminAccounts, adminAdjustBalance, supportTrialPage } from '@tollgate/contract/admin/accounts';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import { accountListService } from './account-list.service';
import { createBalanceService } from './balance.service';

export function accountsRoutes({ db }: { db: Db }) {
  const balance = createBalanceService({ db });
  return [
    route(adminAccounts, ({ query }) => accountListService.list(db, query)),
    route(supportTrialPage, ({ query }) => accountListService.supportList(db, query)),
    route(adminAdjustBalance, async ({ auth, params, body, useMessage }) => {
      const result = await balance.adjust(auth, { userId: params.userId, ...body });
      if (result.requestId) useMessage('pending');
      return result;
    }),
  ];
}

import { adminAccounts, adminAdjustBalance, supportTrialPage } from '@tollgate/contract/admin/accounts';
import { adminDeleteAccount, adminDeletionPreview } from '@tollgate/contract/profile/account-deletion';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import type { AccountDeletionService } from './account-deletion.service';
import { accountsService } from './accounts.service';
import { createBalanceService } from './balance.service';

export function accountsRoutes({ db, deletion }: { db: Db; deletion: AccountDeletionService }) {
  const balance = createBalanceService({ db });
  return [
    route(adminAccounts, ({ query }) => accountsService.list(db, query)),
    route(supportTrialPage, ({ query }) => accountsService.supportList(db, query)),
    route(adminAdjustBalance, async ({ auth, params, body, useMessage }) => {
      const result = await balance.adjust(auth, { userId: params.userId, ...body });
      if (result.requestId) useMessage('pending');
      return result;
    }),
    route(adminDeletionPreview, ({ params }) => deletion.staffPreview(params.userId)),
    route(adminDeleteAccount, ({ auth, params, body }) => deletion.deleteByStaff(auth, params.userId, body.reason)),
  ];
}

import type { AppModule } from '#platform/module.ts';
import { createAccountActionsService } from './account-actions.service';
import { accountCreateRoutes } from './account-create.routes';
import { createAccountCreateService } from './account-create.service';
import { createAccountEditService } from './account-edit.service';
import { createAccountPageService } from './account-page.service';
import { accountsRoutes } from './accounts.routes';
import type { StaffAccountsDeps } from './staff-accounts.deps';
import { staffAccountsRoutes } from './staff-accounts.routes';

/** Staff and support looking after accounts: the lists, the account page and its actions, new accounts, balances. */
export function staffAccountsModule(deps: StaffAccountsDeps): AppModule {
  return {
    routes: [
      ...accountsRoutes({ db: deps.db }),
      ...staffAccountsRoutes({
        page: createAccountPageService(deps),
        edit: createAccountEditService(deps),
        actions: createAccountActionsService(deps),
      }),
      ...accountCreateRoutes({ accountCreate: createAccountCreateService(deps), publicUrl: deps.publicUrl }),
    ],
  };
}

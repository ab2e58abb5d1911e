import { adminCreateAccount } from '@tollgate/contract/admin/account-actions';
import { route } from '#platform/http/routes.ts';
import type { createAccountCreateService } from './account-create.service';

export function accountCreateRoutes(deps: {
  accountCreate: ReturnType<typeof createAccountCreateService>;
  publicUrl: string;
}) {
  const { accountCreate, publicUrl } = deps;
  return [route(adminCreateAccount, ({ auth, body }) => accountCreate.create(auth, body, publicUrl))];
}

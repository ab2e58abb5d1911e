import {
  adminDeleteAccount,
  adminDeletionPreview,
  myDeletionPreview,
} from '@tollgate/contract/profile/account-deletion';
import { deleteMyAccount } from '@tollgate/contract/profile/profile';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { AccountDeletionService } from './account-deletion.service';

/** Deleting an account, by its owner in /my-profile or by staff from the account page. */
export function accountDeletionRoutes({ deletion }: { deletion: AccountDeletionService }): RouteDefinition[] {
  return [
    route(myDeletionPreview, ({ auth, params }) => deletion.myPreview(auth.account, params.userId)),
    route(deleteMyAccount, ({ auth, params, body }) => deletion.deleteOwn(auth.account, params.userId, body)),
    route(adminDeletionPreview, ({ params }) => deletion.staffPreview(params.userId)),
    route(adminDeleteAccount, ({ auth, params, body }) => deletion.deleteByStaff(auth, params.userId, body.reason)),
  ];
}

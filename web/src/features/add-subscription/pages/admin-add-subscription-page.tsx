import { accountPath } from '#lib/flow-paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { GiftPage } from '../components/gift-page.tsx';

/** /admin/accounts/:userId/add-subscription: any plan, back to the account page after. */
export default function AdminAddSubscriptionPage() {
  return <GiftPage scope="admin" backTo={(userId) => accountPath(staffPaths.admin.account, userId)} />;
}

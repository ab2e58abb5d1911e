import { accountPath } from '#lib/flow-paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { GiftPage } from '../components/gift-page.tsx';

/** /support/accounts/:userId/add-subscription: trial plans only, back to the customer's support page after. */
export default function SupportAddSubscriptionPage() {
  return <GiftPage scope="support" backTo={(userId) => accountPath(staffPaths.support.account, userId)} />;
}

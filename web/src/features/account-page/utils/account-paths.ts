import { generatePath } from 'react-router';
import { paths } from '#lib/paths.ts';

export const adminAccountPath = (userId: string) => generatePath(paths.admin.account, { userId });
export const editAccountPath = (userId: string) => generatePath(paths.admin.editAccount, { userId });
export const accountBalancePath = (userId: string) => generatePath(paths.admin.accountBalance, { userId });
/** Built by the "add subscription" screens; only linked from here. */
export const adminAddSubscriptionPath = (userId: string) => `${adminAccountPath(userId)}/add-subscription`;
export const supportAddSubscriptionPath = (userId: string) =>
  `${generatePath(paths.support.account, { userId })}/add-subscription`;
export const subscriptionEditPath = (subscriptionId: string) =>
  generatePath(paths.admin.editSubscription, { subscriptionId });

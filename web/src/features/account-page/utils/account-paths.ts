import { generatePath } from 'react-router';
import { staffPaths } from '#lib/staff-paths.ts';

export const adminAccountPath = (userId: string) => generatePath(staffPaths.admin.account, { userId });
export const editAccountPath = (userId: string) => generatePath(staffPaths.admin.editAccount, { userId });
export const accountBalancePath = (userId: string) => generatePath(staffPaths.admin.accountBalance, { userId });
/** Built by the "add subscription" screens; only linked from here. */
export const adminAddSubscriptionPath = (userId: string) => `${adminAccountPath(userId)}/add-subscription`;
export const supportAddSubscriptionPath = (userId: string) =>
  `${generatePath(staffPaths.support.account, { userId })}/add-subscription`;
export const subscriptionEditPath = (subscriptionId: string) =>
  generatePath(staffPaths.admin.editSubscription, { subscriptionId });

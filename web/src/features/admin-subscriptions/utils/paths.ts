/**
 * The routes of this feature. They belong in #lib/paths.ts (`paths.admin.subscriptions`,
 * `paths.admin.editSubscription`) once the router lists them; kept here until then.
 */
export const subscriptionsPath = '/admin/subscriptions';
export const editSubscriptionPath = '/admin/subscriptions/edit/:subscriptionId';

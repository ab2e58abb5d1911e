import {
  adminReferralInfo,
  claimReferralRewards,
  referralRewards,
  rewardRates,
} from '@tollgate/contract/growth/referrals';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import type { ReferralsService } from './referrals.service';

/** The referral programme (issue 16): the customer's /referral calls and the staff's referral info. */
export function referralsRoutes(referrals: ReferralsService): RouteDefinition[] {
  return [
    route(rewardRates, ({ auth }) => referrals.rates(auth.accountId)),
    route(referralRewards, ({ auth }) => referrals.programme(auth.accountId)),
    route(claimReferralRewards, ({ auth }) => referrals.claim(auth.accountId)),
    route(adminReferralInfo, ({ params }) => referrals.info(params.userId)),
  ];
}

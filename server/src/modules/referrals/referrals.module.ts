import type { AppModule } from '#platform/module.ts';
import { referralsRoutes } from './referrals.routes';
import { createReferralsService, type ReferralsDeps, type ReferralsService } from './referrals.service';

/**
 * The referral programme (issue 16). Its service comes back too: sign-up attributes a new account
 * to its referrer, and a refund or a reinstated payment moves the reward (ADR 032, 039).
 */
export function referralsModule(deps: ReferralsDeps): AppModule & { service: ReferralsService } {
  const referrals = createReferralsService(deps);
  return { routes: referralsRoutes(referrals), service: referrals };
}

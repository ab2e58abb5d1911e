import { useParams } from 'react-router';
import ReferralPage from './referral-page.tsx';
import RewardsPage from './rewards-page.tsx';

/** /referral (the referral programme) and /referral/rewards (loyalty tiers): one route module. */
export default function GrowthPage() {
  const { view } = useParams();
  return view === 'rewards' ? <RewardsPage /> : <ReferralPage />;
}

import { useParams } from 'react-router';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { useCampaign } from '../api/mail-sender.ts';
import { CampaignComposer } from '../components/campaign-composer.tsx';
import { CampaignDetail } from '../components/campaign-detail.tsx';

/** /admin/mail-sender/:campaignId: a draft opens in the composer; a sent campaign shows its delivery. */
export default function CampaignPage() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  if (campaign.isPending) return <PageSpinner />;
  if (campaign.error) return <ErrorState error={campaign.error} onRetry={() => void campaign.refetch()} />;
  const c = campaign.data;
  return (
    <>
      <PageHeader title={c.subject} description={c.status === 'draft' ? 'Draft' : undefined} />
      {c.status === 'draft' ? <CampaignComposer key={c.id} campaign={c} /> : <CampaignDetail campaign={c} />}
    </>
  );
}

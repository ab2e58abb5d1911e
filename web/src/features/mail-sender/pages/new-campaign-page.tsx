import { PageHeader } from '#components/page-header.tsx';
import { CampaignComposer } from '../components/campaign-composer.tsx';

/** /admin/mail-sender/new: a campaign that becomes a draft on its first save. */
export default function NewCampaignPage() {
  return (
    <>
      <PageHeader title="New campaign" description="Write it, check the preview, send yourself a test, then send it." />
      <CampaignComposer />
    </>
  );
}

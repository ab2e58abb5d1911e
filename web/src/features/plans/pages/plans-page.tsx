import { PageHeader } from '#components/page-header.tsx';
import { PlansView } from '../components/plans-view.tsx';

export default function PlansPage() {
  return (
    <>
      <PageHeader
        title="Plans"
        description="Residential, mobile, ISP, datacenter and IPv6 proxies. Pick a plan to choose the amount and pay."
      />
      <PlansView />
    </>
  );
}

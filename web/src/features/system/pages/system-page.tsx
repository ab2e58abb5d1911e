import { canSeeArea } from '@tollgate/contract/access/areas';
import { AreaRefused } from '#components/area-refused.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatDate } from '#lib/format.ts';
import { useCurrentUser } from '#lib/session.ts';
import { useSystemStatus } from '../api/system.ts';
import { DatabaseSection } from '../components/database-section.tsx';
import { InstancesSection } from '../components/instances-section.tsx';
import { DeliveriesSection, QueuesSection } from '../components/work-sections.tsx';

/** Whether the shop is healthy: the Administrator's view of the numbers Prometheus scrapes. */
export default function SystemPage() {
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  if (me.data && !canSeeArea('System', me.data.role))
    return (
      <AreaRefused
        title="The system page is for Administrators"
        description="Your account has no access to this page. Ask an Administrator if the shop seems unwell."
      />
    );
  return <SystemStatusView />;
}

function SystemStatusView() {
  const status = useSystemStatus();
  return (
    <>
      <PageHeader
        title="System"
        description={
          status.data
            ? `Checked ${formatDate(status.data.checkedAt, '24h')}; refreshed every 15 seconds.`
            : 'Instances, gateway nodes, jobs, deliveries and the database.'
        }
      />
      {status.isPending ? (
        <PageSpinner />
      ) : status.error && !status.data ? (
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <div className="space-y-8">
          <InstancesSection status={status.data} />
          <QueuesSection queues={status.data.queues} />
          <DeliveriesSection deliveries={status.data.deliveries} />
          <DatabaseSection status={status.data} />
        </div>
      )}
    </>
  );
}

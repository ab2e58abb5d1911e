import { canSeeArea } from '@tollgate/contract/access/areas';
import {
  GENERAL_LOGS_MAX_PAGE,
  LOG_ACTION_FILTERS,
  LOG_KIND_LABELS,
  type LogEntry,
} from '@tollgate/contract/admin/logs';
import { ListPage } from '#components/list-page/list-page.tsx';
import { AreaRefused } from '#components/area-refused.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { PageSpinner } from '#components/ui/spinner.tsx';
import { formatNumber } from '#lib/format.ts';
import { useCurrentUser } from '#lib/session.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useToggleSet } from '#lib/use-toggle-set.ts';
import { LOG_FILTERS, LOGS_PAGE_SIZE, useGeneralLogs, useLogRetention } from '../api/general-logs.ts';
import { logColumns } from '../components/log-columns.tsx';
import { LogDetails } from '../components/log-details.tsx';
import { LogTextFilters, useTextFilters } from '../components/log-text-filters.tsx';
import { RetentionCard } from '../components/retention-card.tsx';

function Retention() {
  const retention = useLogRetention();
  if (retention.isPending) return null;
  if (retention.error) return <ErrorState error={retention.error} onRetry={() => void retention.refetch()} />;
  return <RetentionCard key={retention.data.updatedAt ?? 'default'} retention={retention.data} />;
}

function Logs() {
  const params = useListParams({ filters: LOG_FILTERS });
  const text = useTextFilters();
  const list = useGeneralLogs({ page: params.page, ...params.filters, ...text.values });
  const [open, toggle] = useToggleSet();
  const capped = (list.data?.total ?? 0) >= LOGS_PAGE_SIZE * GENERAL_LOGS_MAX_PAGE;
  return (
    <>
      {capped && (
        <p className="mb-3 text-sm text-slate-500 dark:text-slate-400" role="status">
          Showing the newest {formatNumber(LOGS_PAGE_SIZE * GENERAL_LOGS_MAX_PAGE)} entries; narrow the filters or dates
          to reach older ones.
        </p>
      )}
      <ListPage
        params={params}
        query={list}
        filterOptions={LOG_FILTERS}
        filters={[
          { key: 'kind', label: 'Filter by kind', labels: LOG_KIND_LABELS, allLabel: LOG_KIND_LABELS.all },
          {
            key: 'action',
            label: 'Filter by action',
            labels: LOG_ACTION_FILTERS,
            allLabel: 'Any action',
            className: 'w-full sm:w-60',
          },
        ]}
        toolbar={<LogTextFilters filters={text} />}
        filtered={text.active}
        caption="General site logs"
        columns={logColumns({ isOpen: (id) => open.has(id), toggle })}
        rowKey={(row: LogEntry) => row.id}
        expanded={(row) => (open.has(row.id) ? <LogDetails entry={row} /> : null)}
        pageSize={LOGS_PAGE_SIZE}
        emptyTitle="Nothing logged yet"
        emptyDescription="Staff changes and security events appear here as they happen."
      />
    </>
  );
}

/**
 * /admin/general-logs (spec §6: Administrator only): every staff change with its before and after,
 * and every account's security events, newest first, with the retention setting on top.
 */
export default function GeneralLogsPage() {
  const me = useCurrentUser();
  if (me.isPending) return <PageSpinner />;
  if (me.data && !canSeeArea('General Site Logs', me.data.role))
    return (
      <AreaRefused
        title="General site logs are for Administrators"
        description="Your account has no access to this page. Ask an Administrator if you need something from the logs."
      />
    );
  return (
    <div className="space-y-6">
      <PageHeader
        title="General site logs"
        description="Who changed what and when, with the request's IP; sign-ins and other security events of every account."
      />
      <Retention />
      <Logs />
    </div>
  );
}

import type { SystemInstance, SystemStatus } from '@tollgate/contract/admin/system';
import { Badge } from '#components/ui/badge.tsx';
import { DataTable, wholeListProps, type Column } from '#components/ui/data-table.tsx';
import { formatBytes, formatNumber } from '#lib/format.ts';
import { formatAge, secondsBetween } from '../utils/ages.ts';
import { SystemSection } from './system-section.tsx';

const columns = (checkedAt: string): Column<SystemInstance>[] => [
  {
    key: 'host',
    header: 'Process',
    cell: (i) => (
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900 dark:text-white">{i.host}</span>
        <Badge tone={i.kind === 'gateway' ? 'info' : 'brand'}>{i.kind === 'gateway' ? 'Gateway' : 'Shop'}</Badge>
      </span>
    ),
  },
  {
    key: 'state',
    header: 'State',
    cell: (i) =>
      i.lost ? (
        <Badge tone="danger">Lost {formatAge(secondsBetween(i.seenAt, checkedAt))} ago</Badge>
      ) : (
        <Badge tone="success">Live</Badge>
      ),
  },
  { key: 'version', header: 'Version', cell: (i) => i.version },
  {
    key: 'uptime',
    header: 'Up for',
    // A live process is up until now; a lost one was last known up when it last reported.
    cell: (i) => formatAge(secondsBetween(i.startedAt, i.lost ? i.seenAt : checkedAt)),
  },
  { key: 'memory', header: 'Memory', cell: (i) => formatBytes(i.rssBytes) },
  {
    key: 'connections',
    header: 'Connections',
    cell: (i) => (i.connections === null ? '–' : formatNumber(i.connections)),
  },
  {
    key: 'flush',
    header: 'Usage flushed',
    cell: (i) =>
      i.flushLagSeconds === null ? (
        '–'
      ) : (
        <span className={i.flushLagSeconds > 60 ? 'font-medium text-red-700 dark:text-red-300' : undefined}>
          {formatAge(i.flushLagSeconds)} ago
        </span>
      ),
  },
];

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Every shop instance and gateway node heard from in the last day; the quiet ones first. */
export function InstancesSection({ status }: { status: SystemStatus }) {
  const rows = [...status.instances].sort((a, b) => Number(b.lost) - Number(a.lost));
  const live = (kind: SystemInstance['kind']) => rows.filter((i) => i.kind === kind && !i.lost).length;
  return (
    <SystemSection
      title="Instances and gateway nodes"
      description={`${plural(live('shop'), 'shop instance')} and ${plural(live('gateway'), 'gateway node')} live. Each reports every 15 seconds; one silent for a minute is lost.`}
    >
      <DataTable
        caption="Instances and gateway nodes"
        columns={columns(status.checkedAt)}
        {...wholeListProps(rows)}
        rowKey={(i) => i.id}
        emptyTitle="No process has reported yet"
      />
    </SystemSection>
  );
}

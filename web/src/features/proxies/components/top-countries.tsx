import { useState } from 'react';
import { DataTable, type Column } from '#components/ui/data-table.tsx';
import { formatBytes, formatCountry, formatNumber } from '#lib/format.ts';
import type { ProxyUsage } from '../api/proxy-usage.ts';

type CountryRow = ProxyUsage['countries'][number];
const PAGE_SIZE = 10;
const share = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** Exit countries by traffic, busiest first. */
export function TopCountries({ countries }: { countries: ProxyUsage['countries'] }) {
  const [page, setPage] = useState(1);
  const rows = [...countries].sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const columns: Array<Column<CountryRow>> = [
    {
      key: 'country',
      header: 'Country',
      cell: (row) => (
        <span className="font-medium text-slate-900 dark:text-white">
          {row.country ? formatCountry(row.country.toUpperCase()) : 'No specific country'}
        </span>
      ),
    },
    { key: 'bytes', header: 'Traffic', cell: (row) => formatBytes(row.bytes), className: 'tabular-nums' },
    { key: 'requests', header: 'Requests', cell: (row) => formatNumber(row.requests), className: 'tabular-nums' },
    {
      key: 'share',
      header: 'Share',
      cell: (row) => share.format(total > 0 ? row.bytes / total : 0),
      className: 'tabular-nums',
    },
  ];
  return (
    <DataTable
      caption="Top countries"
      columns={columns}
      rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
      rowKey={(row) => row.country || 'unknown'}
      total={rows.length}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      emptyTitle="No traffic in this period"
    />
  );
}

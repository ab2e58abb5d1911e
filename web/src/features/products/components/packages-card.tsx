import type { PackagesPayload, ProviderPackage } from '@tollgate/contract/admin/products';
import { Alert } from '#components/ui/alert.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DataTable, wholeListProps, type Column } from '#components/ui/data-table.tsx';
import { formatNumber } from '#lib/format.ts';
import { TestResult } from './connection-form.tsx';

const gb = (value: number | null) => (value === null ? '—' : `${formatNumber(value)} GB`);

const columns: Array<Column<ProviderPackage>> = [
  { key: 'name', header: 'Package', cell: (p) => <span className="font-medium">{p.name}</span> },
  { key: 'type', header: 'Type', cell: (p) => p.type ?? '—' },
  {
    key: 'remaining',
    header: 'Remaining',
    cell: (p) => (p.remainingGb === null && p.totalGb === null ? 'Unmetered' : gb(p.remainingGb)),
  },
  { key: 'total', header: 'Size', cell: (p) => gb(p.totalGb) },
  { key: 'expires', header: 'Expires', cell: (p) => p.expiresAt ?? '—' },
];

/** What the provider says now: status, balance and packages, or why it says nothing. */
export function PackagesCard({ data }: { data: PackagesPayload }) {
  const { balance, packages } = data;
  return (
    <Card>
      <CardHeader title="Provider account" description="Asked live each time this page opens." />
      <CardBody className="space-y-4">
        {data.status && <TestResult result={data.status} />}
        {data.note && <Alert tone="info">{data.note}</Alert>}
        {balance && (
          <div>
            <p className="text-sm text-slate-500 dark:text-slate-400">Remaining balance</p>
            <p className="text-2xl font-semibold text-slate-900 dark:text-white" data-testid="provider-balance">
              {new Intl.NumberFormat('en-US', { style: 'currency', currency: balance.currency }).format(balance.amount)}
            </p>
          </div>
        )}
        {packages && (
          <DataTable
            caption="Packages at the provider"
            columns={columns}
            rowKey={(p) => p.id}
            {...wholeListProps(packages)}
            emptyTitle="No packages"
            emptyDescription="The provider reports no packages on this account."
          />
        )}
      </CardBody>
    </Card>
  );
}

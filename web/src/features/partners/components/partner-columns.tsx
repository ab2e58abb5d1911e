import { Copy } from 'lucide-react';
import type { Partner } from '@tollgate/contract/growth/partners';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { copyText } from '#lib/clipboard.ts';
import { formatBalance, formatDate, formatNumber } from '#lib/format.ts';

const number = (value: number) => <span className="tabular-nums">{formatNumber(value)}</span>;

/** A partner per row: its domain and link, whether it counts, and what it brought. */
export const partnerColumns: Array<Column<Partner>> = [
  {
    key: 'domain',
    header: 'Domain',
    cell: (p) => (
      <div className="flex items-center gap-1">
        <span className="font-medium text-slate-900 dark:text-white">{p.domain}</span>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => void copyText(p.link, 'Partner link')}
          aria-label={`Copy the link for ${p.domain}`}
          title="Copy the partner link"
        >
          <Copy className="size-4" aria-hidden="true" />
        </Button>
      </div>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => (
      <Badge tone={p.status === 'active' ? 'success' : 'neutral'}>{p.status === 'active' ? 'Active' : 'Removed'}</Badge>
    ),
  },
  { key: 'visitors', header: 'Visitors', cell: (p) => number(p.visitors) },
  { key: 'signUps', header: 'Sign-ups', cell: (p) => number(p.signUps) },
  { key: 'buyers', header: 'Unique buyers', cell: (p) => number(p.buyers) },
  { key: 'revenue', header: 'Revenue', cell: (p) => <span className="tabular-nums">{formatBalance(p.revenue)}</span> },
  {
    key: 'lastVisit',
    header: 'Last visit',
    className: 'whitespace-nowrap',
    cell: (p) => formatDate(p.lastVisitAt),
  },
];

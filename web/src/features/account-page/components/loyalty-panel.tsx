import { useState } from 'react';
import { LOYALTY_RULE_LABELS, type LoyaltyClaim } from '@tollgate/contract/growth/loyalty';
import { Badge } from '#components/ui/badge.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { DataTable, pagedQueryProps, type Column } from '#components/ui/data-table.tsx';
import { formatBalance, formatDate, formatNumber } from '#lib/format.ts';
import { useLoyaltyRewards } from '../api/growth.ts';

const claimColumns: Array<Column<LoyaltyClaim>> = [
  { key: 'tier', header: 'Tier', cell: (c) => c.tierName },
  {
    key: 'threshold',
    header: 'Reached at',
    className: 'tabular-nums',
    cell: (c) => (c.rule === 'lifetime_spend' ? formatBalance(c.threshold) : `${formatNumber(c.threshold)} orders`),
  },
  { key: 'reward', header: 'Credited', className: 'tabular-nums', cell: (c) => formatBalance(c.reward) },
  { key: 'at', header: 'Claimed', className: 'whitespace-nowrap', cell: (c) => formatDate(c.createdAt, '24h') },
  {
    // A refund below the tier took it back (ADR 039): what was debited and what the balance could not cover.
    key: 'takenBack',
    header: 'Taken back',
    className: 'tabular-nums',
    cell: (c) =>
      c.takenBackAt
        ? `${formatBalance(c.takenBack)}${c.shortfall > 0 ? ` (${formatBalance(c.shortfall)} owed)` : ''}, ${formatDate(c.takenBackAt, '24h')}`
        : '—',
  },
];

/** The account's loyalty standing now and its claims, 20 a page (spec §7). */
export function LoyaltyPanel({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const list = useLoyaltyRewards(userId, page);
  const programme = list.data?.programme;
  return (
    <div className="space-y-4">
      {programme && (
        <Card>
          <CardHeader
            title="Loyalty rewards"
            description={`${LOYALTY_RULE_LABELS[programme.rule]}: ${
              programme.rule === 'lifetime_spend' ? formatBalance(programme.progress) : formatNumber(programme.progress)
            }`}
          />
          <CardBody className="flex flex-wrap gap-2">
            {programme.tiers.length === 0 && <p className="text-sm text-slate-500">No tiers are set.</p>}
            {programme.tiers.map((t) => (
              <Badge
                key={t.id}
                tone={t.status === 'claimed' ? 'brand' : t.status === 'claimable' ? 'success' : 'neutral'}
              >
                {t.name} · {formatBalance(t.reward)} · {t.status}
              </Badge>
            ))}
          </CardBody>
        </Card>
      )}
      <DataTable
        caption="Loyalty claims"
        columns={claimColumns}
        {...pagedQueryProps(list)}
        rowKey={(c) => c.id}
        page={page}
        pageSize={20}
        onPageChange={setPage}
        emptyTitle="No loyalty rewards claimed yet"
      />
    </div>
  );
}

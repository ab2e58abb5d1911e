import { useState } from 'react';
import { generatePath, Link } from 'react-router';
import { Pagination } from '#components/ui/pagination.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { useGiftRedemptions } from '../api/gifts.ts';

/** Who redeemed a code and what each got, ten at a time, under the code's row. */
export function GiftRedemptions({ giftId }: { giftId: string }) {
  const [page, setPage] = useState(1);
  const list = useGiftRedemptions(giftId, page);
  if (list.isPending) return <Spinner label="Loading redemptions" />;
  if (list.error) return <p className="text-sm text-red-600 dark:text-red-400">Could not load the redemptions.</p>;
  if (list.data.total === 0)
    return <p className="text-sm text-slate-500 dark:text-slate-400">Nobody has redeemed it yet.</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" aria-label="Redemptions">
        {list.data.items.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <Link
              to={generatePath(staffPaths.admin.account, { userId: r.account.id })}
              className="font-medium text-brand-700 hover:underline dark:text-brand-300"
            >
              {r.account.username}
              <span className="ml-2 font-normal text-slate-500 dark:text-slate-400">{r.account.email}</span>
            </Link>
            <span className="text-slate-600 dark:text-slate-300">
              {r.kind === 'balance' ? formatBalance(r.amount) : 'Plan started'} · {formatDate(r.createdAt, '24h')}
            </span>
          </li>
        ))}
      </ul>
      {list.data.total > 10 && <Pagination page={page} pageSize={10} total={list.data.total} onPageChange={setPage} />}
    </div>
  );
}

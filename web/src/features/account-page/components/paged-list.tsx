import { useState } from 'react';
import { ACCOUNT_PAGE_SIZE } from '@tollgate/contract/admin/account-page';
import { DataTable, pagedQueryProps, type Column } from '#components/ui/data-table.tsx';
import type { UseQueryResult } from '@tanstack/react-query';

type ListQuery<Row> = UseQueryResult<{ items: Row[]; total: number }>;

/** One of the account page's lists: 10 a page (spec §9), its own page number, the shared table. */
export function PagedList<Row extends { id: string | number }>({
  caption,
  columns,
  userId,
  useList,
  emptyTitle,
  emptyDescription,
}: {
  caption: string;
  columns: Array<Column<Row>>;
  userId: string;
  /** A hook reading one page of this account's list. */
  useList: (userId: string, page: number) => ListQuery<Row>;
  emptyTitle: string;
  emptyDescription?: string;
}) {
  const [page, setPage] = useState(1);
  const list = useList(userId, page);
  return (
    <DataTable
      caption={caption}
      columns={columns}
      {...pagedQueryProps(list)}
      rowKey={(row) => String(row.id)}
      page={page}
      pageSize={ACCOUNT_PAGE_SIZE}
      onPageChange={setPage}
      emptyTitle={emptyTitle}
      emptyDescription={emptyDescription}
    />
  );
}

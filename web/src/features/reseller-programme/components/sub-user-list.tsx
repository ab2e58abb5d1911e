import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Plus } from 'lucide-react';
import { SUB_USERS_PAGE_SIZE } from '@tollgate/contract/reseller/sub-users';
import { ListPage, type PagedQuery } from '#components/list-page/list-page.tsx';
import { Button } from '#components/ui/button.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import type { ListParams } from '#lib/use-list-params.ts';
import { CreateSubUserDialog } from './create-sub-user-dialog.tsx';
import type { SubUser } from './sub-user-columns.tsx';

/**
 * A reseller's sub-users with the button that creates one; a new sub-user opens at once. The
 * programme page and the reseller panel read the list from their own endpoints and open a sub-user
 * at their own address.
 */
export function SubUserList({
  params,
  list,
  columns,
  subUserHref,
}: {
  params: ListParams<Record<never, never>, never>;
  list: PagedQuery<SubUser>;
  columns: Array<Column<SubUser>>;
  subUserHref: (id: string) => string;
}) {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ListPage
        params={params}
        query={list}
        caption="Sub-users"
        columns={columns}
        rowKey={(row) => row.id}
        pageSize={SUB_USERS_PAGE_SIZE}
        searchPlaceholder="Search by username or email"
        emptyTitle="No sub-users yet"
        emptyDescription="Create a sub-user for each of your customers, then sell them plans."
        toolbar={
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden="true" /> New sub-user
          </Button>
        }
      />
      <CreateSubUserDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          void navigate(subUserHref(id));
        }}
      />
    </>
  );
}

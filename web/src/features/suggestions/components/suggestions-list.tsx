import { useMemo } from 'react';
import { generatePath, Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { deleteSuggestion, SUGGESTIONS_PAGE_SIZE } from '@tollgate/contract/suggestions/suggestions';
import type { PayloadOf } from '@tollgate/contract/endpoint';
import type { adminSuggestions } from '@tollgate/contract/suggestions/suggestions';
import { ListPage } from '#components/list-page/list-page.tsx';
import { PageHeader } from '#components/page-header.tsx';
import type { Column } from '#components/ui/data-table.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { ApiError } from '#lib/api-client.ts';
import { formatDate } from '#lib/format.ts';
import { staffPaths, type StaffPanel } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useListParams } from '#lib/use-list-params.ts';
import { useDeleteSuggestion, useStaffSuggestions } from '../api/staff-suggestions.ts';

type Suggestion = PayloadOf<typeof adminSuggestions>['items'][number];

export const ALREADY_DELETED = 'Someone else already deleted this suggestion';

/** A long suggestion names its row by its first words. */
const excerpt = (text: string) => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

function columns(panel: StaffPanel): Array<Column<Suggestion>> {
  return [
    {
      key: 'suggestion',
      header: 'Suggestion',
      cell: (row) => (
        <p className="max-w-prose text-left break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {row.suggestion}
        </p>
      ),
    },
    {
      key: 'customer',
      header: 'Customer',
      cell: (row) => (
        <div className="min-w-0">
          <Link
            to={generatePath(staffPaths[panel].account, { userId: row.account.id })}
            className="font-medium text-slate-800 hover:underline dark:text-slate-100"
          >
            {row.account.username}
          </Link>
          <p className="text-xs break-all text-slate-500 dark:text-slate-400">{row.account.email}</p>
        </div>
      ),
    },
    {
      key: 'sent',
      header: 'Sent',
      className: 'whitespace-nowrap',
      cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, '24h')}</time>,
    },
  ];
}

/** The suggestion box as staff read it, in either panel: newest first, each deleted once handled. */
export function SuggestionsList({ panel }: { panel: StaffPanel }) {
  const params = useListParams({});
  const list = useStaffSuggestions({ page: params.page, search: params.search });
  const remove = useDeleteSuggestion();
  const { confirm, dialog } = useConfirm();
  const columnList = useMemo(() => columns(panel), [panel]);

  const askDelete = async (row: Suggestion) => {
    let alreadyGone = false;
    const deleted = await confirm({
      title: 'Delete this suggestion?',
      description: `“${excerpt(row.suggestion)}” from ${row.account.username} leaves the list for every staff member.`,
      confirmLabel: 'Delete suggestion',
      // Another staff member may have deleted it since the list was read: the outcome is the same.
      action: () =>
        remove.mutateAsync(row.id).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.status === 404)) throw error;
          alreadyGone = true;
        }),
    });
    if (deleted)
      void notify(alreadyGone ? 'info' : 'success', alreadyGone ? ALREADY_DELETED : deleteSuggestion.message);
  };

  return (
    <>
      <PageHeader title="Suggestions" description="What customers asked for from their dashboard, newest first." />
      <ListPage
        params={params}
        query={list}
        caption="Suggestions"
        columns={columnList}
        rowKey={(row) => row.id}
        rowActions={{
          label: (row) => `the suggestion from ${row.account.username}`,
          groups: (row) => [[{ label: 'Delete', icon: Trash2, danger: true, onSelect: () => void askDelete(row) }]],
        }}
        pageSize={SUGGESTIONS_PAGE_SIZE}
        searchPlaceholder="Search text, username or email"
        emptyTitle="No suggestions"
        emptyDescription="Suggestions customers send from their dashboard appear here."
      />
      {dialog}
    </>
  );
}

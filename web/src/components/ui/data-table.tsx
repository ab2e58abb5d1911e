import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { cn } from '#lib/cn.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { EmptyState, ErrorState } from './empty-state.tsx';
import { Input } from './input.tsx';
import { Pagination } from './pagination.tsx';
import { Spinner } from './spinner.tsx';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/**
 * Page and (debounced) search state held in memory, for a list inside another screen (a detail
 * page's tab) where the URL belongs to that screen. A list screen of its own uses ListPage with
 * useListParams, which keeps the same state in the URL. A new search or filter starts at page 1.
 */
export function useTableState() {
  const [page, setPage] = useState(1);
  const [search, setSearchValue] = useState('');
  const setSearch = (value: string) => {
    setSearchValue(value);
    setPage(1);
  };
  /** Wraps a filter's setter so that choosing a new filter also goes back to page 1. */
  const fromFirstPage =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, search, setSearch, fromFirstPage };
}

/** The table props a server-paged list query fills: its rows and total, loading, error and retry. */
export function pagedQueryProps<Row>(query: {
  data: { items: Row[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}) {
  return {
    rows: query.data?.items,
    total: query.data?.total ?? 0,
    isLoading: query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/** The table props for a short list shown whole: every row on one page, no pager to use. */
export function wholeListProps<Row>(rows: Row[]) {
  return { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1), onPageChange: () => {}, whole: true };
}

export interface DataTableProps<Row> {
  caption: string;
  columns: Array<Column<Row>>;
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Called with the debounced search text. Omit to hide the search box. */
  onSearch?: (value: string) => void;
  /** The search the list shows now (from the URL): fills the box on arrival and after Back. */
  searchValue?: string;
  searchPlaceholder?: string;
  isLoading?: boolean;
  isFetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  emptyTitle?: string;
  emptyDescription?: string;
  debounceMs?: number;
  /** Filters and sort controls shown beside the search box. */
  toolbar?: ReactNode;
  /** A filter is narrowing the list, so an empty list is the filters' doing, not the data's. */
  filtered?: boolean;
  /**
   * Details shown under a row across the whole table width (a log entry's before/after); null for
   * a row that is not open. The screen keeps which rows are open and gives each row its toggle.
   */
  expanded?: (row: Row) => ReactNode | null;
  /** The list is shown whole (wholeListProps): no pager under it. */
  whole?: boolean;
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { caption, columns, rows, rowKey, total, page, pageSize, onPageChange, onSearch } = props;
  const { searchValue } = props;
  const [text, setText] = useState(searchValue ?? '');
  const debounced = useDebouncedValue(text.trim(), props.debounceMs ?? 300);
  useEffect(() => {
    onSearch?.(debounced);
    // onSearch is a fresh closure on each render; only a new search text should trigger it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // The URL changed under the box (Back, a link): show that search, not the one typed before.
    if (searchValue !== undefined && searchValue !== debounced) setText(searchValue);
    // Only a new outside value matters; the debounced text catching up must not undo typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchValue]);

  let body: ReactNode;
  if (props.error && !rows) body = <ErrorState error={props.error} onRetry={props.onRetry} />;
  else if (props.isLoading || !rows)
    body = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    );
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={
          debounced
            ? `No results for “${debounced}”`
            : props.filtered
              ? 'Nothing matches these filters'
              : (props.emptyTitle ?? 'Nothing here yet')
        }
        description={
          props.filtered
            ? debounced
              ? 'Try a different search or clear a filter.'
              : 'Clear a filter to see more.'
            : debounced
              ? 'Try a different search.'
              : props.emptyDescription
        }
      />
    );
  else
    body = (
      <>
        {/* Phones get one card per row; a wide table would only scroll sideways. */}
        <ul className="divide-y divide-slate-100 md:hidden dark:divide-slate-800" aria-label={caption}>
          {rows.map((row) => (
            <li key={rowKey(row)} className="space-y-2 px-4 py-4">
              {columns.map((column, index) =>
                index === 0 ? (
                  <div key={column.key}>{column.cell(row)}</div>
                ) : (
                  <div key={column.key} className="flex items-start justify-between gap-4 text-sm">
                    <span className="text-slate-500 dark:text-slate-400">{column.header}</span>
                    <span className="text-right text-slate-700 dark:text-slate-300">{column.cell(row)}</span>
                  </div>
                ),
              )}
              {props.expanded?.(row)}
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="bg-slate-50 text-xs font-medium tracking-wide text-slate-500 uppercase dark:bg-slate-900/60 dark:text-slate-400">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={cn('px-5 py-3 font-medium whitespace-nowrap', column.className)}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {rows.map((row) => {
                const details = props.expanded?.(row);
                return (
                  <Fragment key={rowKey(row)}>
                    <tr className="hover:bg-slate-50/70 dark:hover:bg-slate-800/40">
                      {columns.map((column) => (
                        <td
                          key={column.key}
                          className={cn('px-5 py-3 align-middle text-slate-700 dark:text-slate-300', column.className)}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {details && (
                      <tr className="bg-slate-50/60 dark:bg-slate-950/40">
                        <td colSpan={columns.length} className="px-5 py-4">
                          {details}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </>
    );

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {(onSearch || props.toolbar) && (
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          {onSearch && (
            <Input
              type="search"
              label={`Search ${caption.toLowerCase()}`}
              hideLabel
              placeholder={props.searchPlaceholder ?? 'Search'}
              value={text}
              onChange={(event) => setText(event.target.value)}
              leading={<Search className="size-4" aria-hidden="true" />}
              className="w-full sm:max-w-xs"
            />
          )}
          {props.toolbar}
          {props.isFetching && !props.isLoading && <Spinner label="Updating" />}
        </div>
      )}
      <div aria-busy={props.isFetching || undefined}>{body}</div>
      {rows && rows.length > 0 && !props.whole && (
        <Pagination page={page} pageSize={pageSize} total={total} onPageChange={onPageChange} />
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { actionMenuColumn, type RowActions } from '#components/ui/action-menu.tsx';
import { DataTable, pagedQueryProps, type Column } from '#components/ui/data-table.tsx';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import type { FilterOptions, ListParams } from '#lib/use-list-params.ts';

export interface ListFilter<F extends FilterOptions> {
  key: keyof F & string;
  /** For screen readers ("Filter by type"). */
  label: string;
  labels: Record<string, string>;
  allLabel: string;
  className?: string;
}

export interface ListSort<S extends string> {
  label: string;
  options: readonly S[];
  labels: Record<S, string>;
  className?: string;
}

export interface PagedQuery<Row> {
  data: { items: Row[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface ListPageProps<Row, F extends FilterOptions, S extends string> {
  /** From `useListParams`: the URL holds page, search, filters and sort. */
  params: ListParams<F, S>;
  query: PagedQuery<Row>;
  filterOptions?: F;
  filters?: Array<ListFilter<F>>;
  sort?: ListSort<S>;
  caption: string;
  columns: Array<Column<Row>>;
  rowKey: (row: Row) => string;
  pageSize: number;
  /** Omit to hide the search box. */
  searchPlaceholder?: string;
  emptyTitle: string;
  emptyDescription?: string;
  /** Anything else for the toolbar, after the filters. */
  toolbar?: ReactNode;
  /** Details under an opened row (see DataTable). */
  expanded?: (row: Row) => ReactNode | null;
  /** Another control narrows the list (a text filter in the toolbar), so an empty list is its doing. */
  filtered?: boolean;
  /**
   * Each row's actions in one ActionMenu, the last column; `label` names the row for its button
   * ("Actions for <label>"). Confirm destructive ones with useConfirm().
   */
  rowActions?: RowActions<Row>;
}

/**
 * The one list screen: DataTable + search + filters + sort + paging, all kept in the URL. Each
 * screen says which query, columns, filters and sort it has; the wiring lives here once.
 */
export function ListPage<Row, F extends FilterOptions, S extends string>(props: ListPageProps<Row, F, S>) {
  const { params, filterOptions, sort } = props;
  const controls = (
    <>
      {props.filters?.map((filter) => (
        <FilterSelect
          key={filter.key}
          label={filter.label}
          options={filterOptions?.[filter.key] ?? []}
          labels={filter.labels}
          allLabel={filter.allLabel}
          value={params.filters[filter.key] as string}
          onChange={(value) => params.setFilter(filter.key, value)}
          className={filter.className ?? 'w-full sm:w-44'}
        />
      ))}
      {sort && (
        <FilterSelect
          label={sort.label}
          options={sort.options}
          labels={sort.labels}
          value={params.sort}
          // A sort has no "all" option, so the empty value never comes.
          onChange={(next) => next && params.setSort(next)}
          className={sort.className ?? 'w-full sm:w-52'}
        />
      )}
      {props.toolbar}
    </>
  );
  const hasControls = Boolean(props.filters?.length || sort || props.toolbar);
  return (
    <DataTable
      caption={props.caption}
      columns={props.rowActions ? [...props.columns, actionMenuColumn(props.rowActions)] : props.columns}
      {...pagedQueryProps(props.query)}
      rowKey={props.rowKey}
      page={params.page}
      pageSize={props.pageSize}
      onPageChange={params.setPage}
      {...(props.searchPlaceholder
        ? { onSearch: params.setSearch, searchValue: params.search, searchPlaceholder: props.searchPlaceholder }
        : {})}
      {...(hasControls ? { toolbar: controls } : {})}
      filtered={props.filtered || Object.values(params.filters).some((value) => value !== '')}
      {...(props.expanded ? { expanded: props.expanded } : {})}
      emptyTitle={props.emptyTitle}
      {...(props.emptyDescription ? { emptyDescription: props.emptyDescription } : {})}
    />
  );
}

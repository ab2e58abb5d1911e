import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '#lib/api-client.ts';
import { useState } from 'react';
import { DataTable, useTableState, type Column } from './data-table.tsx';
import { FilterSelect } from './filter-select.tsx';

interface Row {
  id: string;
  name: string;
}
const columns: Array<Column<Row>> = [{ key: 'name', header: 'Name', cell: (row) => row.name }];
const rows = Array.from({ length: 20 }, (_, i) => ({ id: String(i), name: `user-${i + 1}` }));
/** What every table here shares, on page 1; each test adds its rows and state. */
const table = { caption: 'Accounts', columns, rowKey: (r: Row) => r.id, pageSize: 20, page: 1, onPageChange: vi.fn() };

describe('DataTable', () => {
  it('pages through server results', async () => {
    const onPageChange = vi.fn();
    render(<DataTable {...table} rows={rows} total={45} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  it('debounces the search before calling onSearch', async () => {
    const onSearch = vi.fn();
    render(<DataTable {...table} rows={rows} total={20} onSearch={onSearch} debounceMs={50} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'cust');
    expect(onSearch).not.toHaveBeenCalledWith('cust');
    await vi.waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('cust'));
    expect(onSearch).not.toHaveBeenCalledWith('cu');
  });

  it('shows empty, loading and error states', () => {
    const { rerender } = render(<DataTable {...table} rows={[]} total={0} emptyTitle="No accounts yet" />);
    expect(screen.getByText('No accounts yet')).toBeInTheDocument();
    rerender(<DataTable {...table} rows={undefined} total={0} isLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    rerender(<DataTable {...table} rows={undefined} total={0} error={new Error('forbidden')} />);
    expect(screen.getByText('forbidden')).toBeInTheDocument();
  });

  it('says the filters emptied the list, not the data or the search, when a filter is on', () => {
    const props = { ...table, rows: [], total: 0, emptyTitle: 'No accounts yet' };
    const { rerender } = render(<DataTable {...props} filtered />);
    expect(screen.getByText('Nothing matches these filters')).toBeInTheDocument();
    expect(screen.getByText('Clear a filter to see more.')).toBeInTheDocument();
    expect(screen.queryByText('No accounts yet')).not.toBeInTheDocument();
    rerender(<DataTable {...props} />);
    expect(screen.getByText('No accounts yet')).toBeInTheDocument();
  });

  it('explains a 403 forbidden instead of showing the bare message', () => {
    render(<DataTable {...table} rows={undefined} total={0} error={new ApiError(403, 'forbidden', { error: 'x' })} />);
    expect(screen.getByText('Your account is not allowed to see this.')).toBeInTheDocument();
  });

  it('goes back to page 1 when a toolbar filter changes, and offers "All" plus every labelled option', async () => {
    const seen: string[] = [];
    const KINDS = ['gold', 'silver'] as const;
    function Harness() {
      const { page, setPage, fromFirstPage } = useTableState();
      const [kind, setKind] = useState<(typeof KINDS)[number] | ''>('');
      seen.push(`${page}:${kind}`);
      return (
        <DataTable
          {...table}
          rows={rows}
          total={45}
          page={page}
          onPageChange={setPage}
          toolbar={
            <FilterSelect
              label="Filter by kind"
              options={KINDS}
              labels={{ gold: 'Gold', silver: 'Silver' }}
              allLabel="All kinds"
              value={kind}
              onChange={fromFirstPage(setKind)}
            />
          }
        />
      );
    }
    render(<Harness />);
    const filter = screen.getByLabelText('Filter by kind');
    expect([...filter.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All kinds', 'Gold', 'Silver']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'silver');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(seen.at(-1)).toBe('1:silver');
  });
});

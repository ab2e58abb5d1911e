import { INVOICE_SORTS, INVOICE_STATUSES } from '@tollgate/contract/checkout/invoices';
import { FilterSelect } from '#components/ui/filter-select.tsx';
import { SORT_LABELS, STATUS_LABELS, type InvoiceSort, type InvoiceStatus } from '../utils/invoice-query.ts';

export function SortSelect({ value, onChange }: { value: InvoiceSort; onChange: (sort: InvoiceSort) => void }) {
  return (
    <FilterSelect
      label="Sort invoices"
      options={INVOICE_SORTS}
      labels={SORT_LABELS}
      value={value}
      // A sort has no "all" option, so the empty value never comes.
      onChange={(next) => next && onChange(next)}
      className="w-full sm:w-52"
    />
  );
}

export function StatusSelect({
  value,
  onChange,
}: {
  value: InvoiceStatus | '';
  onChange: (status: InvoiceStatus | '') => void;
}) {
  return (
    <FilterSelect
      label="Filter by status"
      options={INVOICE_STATUSES}
      labels={STATUS_LABELS}
      allLabel="All statuses"
      value={value}
      onChange={onChange}
      className="w-full sm:w-44"
    />
  );
}

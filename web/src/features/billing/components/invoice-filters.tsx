import { INVOICE_SORTS, INVOICE_STATUSES } from '@tollgate/contract/checkout/invoices';
import { Select } from '#components/ui/select.tsx';
import { SORT_LABELS, STATUS_LABELS, type InvoiceSort, type InvoiceStatus } from '../utils/invoice-query.ts';

export function SortSelect({ value, onChange }: { value: InvoiceSort; onChange: (sort: InvoiceSort) => void }) {
  return (
    <Select
      label="Sort invoices"
      hideLabel
      value={value}
      onChange={(event) => onChange(event.target.value as InvoiceSort)}
      className="w-full sm:w-52"
    >
      {INVOICE_SORTS.map((sort) => (
        <option key={sort} value={sort}>
          {SORT_LABELS[sort]}
        </option>
      ))}
    </Select>
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
    <Select
      label="Filter by status"
      hideLabel
      value={value}
      onChange={(event) => onChange(event.target.value as InvoiceStatus | '')}
      className="w-full sm:w-44"
    >
      <option value="">All statuses</option>
      {INVOICE_STATUSES.map((status) => (
        <option key={status} value={status}>
          {STATUS_LABELS[status]}
        </option>
      ))}
    </Select>
  );
}

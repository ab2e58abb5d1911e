import { useId, useState } from 'react';
import { ChevronDown, Trash2 } from 'lucide-react';
import { PLAN_TYPES } from '@tollgate/contract/plans/plans';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { cn } from '#lib/cn.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { checkExit, wayOut, type ExitField, type ExitRow } from '../utils/exit-rows.ts';
import { ExitTest } from './exit-test.tsx';

export const typeLabel = (type: string) =>
  type === '*' ? 'Any type' : (PLAN_TYPE_LABELS[type as keyof typeof PLAN_TYPE_LABELS] ?? type);
export const countryLabel = (country: string) =>
  country.trim() === '*' ? 'any country' : country.trim().toUpperCase();

const TEXT_FIELDS: Array<{ field: Exclude<ExitField, 'type'>; label: string; placeholder?: string; hint?: string }> = [
  { field: 'country', label: 'Country', placeholder: 'us', hint: 'Two letters, or * for any.' },
  { field: 'state', label: 'State (optional)', placeholder: 'california' },
  { field: 'city', label: 'City (optional)', placeholder: 'los_angeles' },
  { field: 'isp', label: 'ISP or carrier (optional)', placeholder: 'Comcast' },
  {
    field: 'bind',
    label: 'Bind address (optional)',
    placeholder: '203.0.113.10',
    hint: 'A local address to send from.',
  },
  {
    field: 'prefix',
    label: 'Prefix (optional)',
    placeholder: '2001:db8:1::/64',
    hint: 'A random address in this range.',
  },
  {
    field: 'upstream',
    label: 'Upstream proxy (optional)',
    placeholder: 'http://user:pass@host:8080',
    hint: 'http:// or socks5:// with credentials.',
  },
  { field: 'label', label: 'Label (staff only, optional)', placeholder: 'Rack 3, Frankfurt' },
];

/** Where an exit is and what it is called, in one line. */
export const placeOf = (row: ExitRow) =>
  [row.state, row.city, row.isp, row.label]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' · ');

/**
 * One exit: a summary line that opens its fields, checked with the contract's schema while typing,
 * and its test button. A row with a mistake stays open.
 */
export function ExitRowEditor({
  row,
  number,
  startOpen,
  focus = false,
  onChange,
  onRemove,
}: {
  row: ExitRow;
  number: number;
  startOpen: boolean;
  /** Just added: its first field takes the focus. */
  focus?: boolean;
  onChange: (patch: Partial<ExitRow>) => void;
  onRemove: () => void;
}) {
  const { exit, issues } = checkExit(row);
  const [open, setOpen] = useState(startOpen);
  const fieldsId = useId();
  const name = `exit ${number}`;
  const expanded = open || !exit;
  const place = placeOf(row);
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={fieldsId}
          disabled={!exit}
          onClick={() => setOpen((value) => !value)}
          className="flex min-w-0 flex-wrap items-center gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <ChevronDown
            className={cn('size-4 shrink-0 text-slate-500 transition-transform', expanded && 'rotate-180')}
            aria-hidden="true"
          />
          <span className="text-sm font-semibold text-slate-900 dark:text-white">
            Exit {number}: {typeLabel(row.type)}, {countryLabel(row.country)}
          </span>
          <Badge tone={exit ? 'neutral' : 'danger'}>{exit ? wayOut(row) : 'Needs attention'}</Badge>
          {place && <span className="text-xs text-slate-500 dark:text-slate-400">{place}</span>}
        </button>
        <Button variant="ghost-danger" size="sm" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
      <div id={fieldsId} hidden={!expanded} className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Select
          label="Type"
          aria-label={`Type, ${name}`}
          autoFocus={focus}
          value={row.type}
          error={issues.type}
          onChange={(event) => onChange({ type: event.target.value })}
        >
          <option value="*">Any type</option>
          {PLAN_TYPES.map((type) => (
            <option key={type} value={type}>
              {PLAN_TYPE_LABELS[type]}
            </option>
          ))}
        </Select>
        {TEXT_FIELDS.map(({ field, label, placeholder, hint }) => (
          <Input
            key={field}
            label={label}
            aria-label={`${label.replace(' (optional)', '')}, ${name}`}
            placeholder={placeholder}
            hint={hint}
            autoComplete="off"
            spellCheck={false}
            value={row[field]}
            error={issues[field]}
            onChange={(event) => onChange({ [field]: event.target.value })}
          />
        ))}
      </div>
      <div className="mt-3">
        <ExitTest exit={exit} name={name} />
      </div>
    </li>
  );
}

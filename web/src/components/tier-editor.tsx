import { useEffect, useId, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { rowsFromText, textFromRows, type TierRow } from '#lib/tier-rows.ts';

/**
 * Volume tiers as rows of "from N units" and "price per unit", written as the tier text plans and
 * the renewal price settings share (spec §3 sends tiers as text). Plans keep the raw text editable
 * (`showText`); rows follow it whenever it parses.
 */
export function TierEditor({
  label,
  unit,
  text,
  error,
  onChange,
  emptyText = `No tiers: this plan is not sold per ${unit}.`,
  showText = true,
  disabled = false,
}: {
  label: string;
  unit: string;
  text: string;
  error?: string;
  onChange: (text: string) => void;
  /** What an empty table means where the editor is used. */
  emptyText?: string;
  /** Also offer the raw text box (plans); without it, `error` shows under the rows. */
  showText?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const [rows, setRows] = useState<TierRow[]>(() => rowsFromText(text) ?? []);
  const emitted = useRef(text);
  useEffect(() => {
    // Only text that did not come from these rows (a reset, the raw box) replaces them.
    if (text === emitted.current) return;
    emitted.current = text;
    const parsed = rowsFromText(text);
    if (parsed) setRows(parsed);
  }, [text]);

  const update = (next: TierRow[]) => {
    setRows(next);
    const serialized = textFromRows(next);
    emitted.current = serialized;
    onChange(serialized);
  };
  const edit = (index: number, patch: Partial<TierRow>) =>
    update(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <fieldset
      disabled={disabled}
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <legend className="px-1 text-sm font-semibold text-slate-900 dark:text-white">{label}</legend>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
      ) : (
        <ul className="space-y-2" aria-label={`${label} rows`}>
          <li aria-hidden="true" className="flex gap-2 pr-11 text-xs font-medium text-slate-500 dark:text-slate-400">
            <span className="flex-1">From ({unit})</span>
            <span className="flex-1">Price per {unit} ($)</span>
          </li>
          {rows.map((row, index) => (
            <li key={index} className="flex items-center gap-2">
              <Input
                label={`From (${unit}), tier ${index + 1}`}
                hideLabel
                type="number"
                inputMode="numeric"
                min={1}
                value={row.value}
                onChange={(event) => edit(index, { value: event.target.value })}
                className="flex-1"
              />
              <Input
                label={`Price per ${unit} ($), tier ${index + 1}`}
                hideLabel
                inputMode="decimal"
                value={row.price}
                onChange={(event) => edit(index, { price: event.target.value })}
                className="flex-1"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove tier ${index + 1}`}
                onClick={() => update(rows.filter((_, i) => i !== index))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" onClick={() => update([...rows, { value: '', price: '' }])}>
        <Plus className="size-4" aria-hidden="true" />
        Add {unit} tier
      </Button>
      {!showText && error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {showText && (
        <Textarea
          id={`${id}-raw`}
          label={`${label} as text`}
          rows={2}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          value={text}
          error={error}
          hint='A JSON list such as [{"value":1,"price":3.5},{"value":50,"price":3}]: from "value" units up, each costs "price".'
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </fieldset>
  );
}

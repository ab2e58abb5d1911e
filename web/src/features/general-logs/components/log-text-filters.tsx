import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Input } from '#components/ui/input.tsx';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useStillHere } from '#lib/use-still-here.ts';

export const TEXT_FILTERS = ['actor', 'target', 'from', 'to'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The log's free-text filters kept in the URL beside useListParams' choices, so a filtered log can
 * be linked and Back restores it; a change goes back to page 1. Dates are whole UTC days.
 */
export function useTextFilters() {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    TEXT_FILTERS.map((key) => {
      const value = params.get(key) ?? '';
      return [key, (key === 'from' || key === 'to') && !DAY.test(value) ? '' : value];
    }),
  ) as Record<TextFilter, string>;
  const stillHere = useStillHere();
  const set = (key: TextFilter, value: string) => {
    // A name settles 400 ms after typing stops, when the person may have followed a link.
    if (!stillHere()) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      },
      { replace: key === 'actor' || key === 'target' },
    );
  };
  return { values, set, active: Object.values(values).some(Boolean) };
}

function AccountInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), 400);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only a settled new text matters; the parent's setter is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // The URL changed under the box (Back, a link): show that value.
    if (value !== debounced) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      label={label}
      hideLabel
      placeholder={placeholder}
      value={text}
      maxLength={254}
      onChange={(event) => setText(event.target.value)}
      className="w-full sm:w-48"
    />
  );
}

export function LogTextFilters({ filters }: { filters: ReturnType<typeof useTextFilters> }) {
  const { values, set } = filters;
  return (
    <>
      <AccountInput
        label="Done by (username, email or id)"
        placeholder="Done by…"
        value={values.actor}
        onChange={(v) => set('actor', v)}
      />
      <AccountInput
        label="Account concerned"
        placeholder="Account concerned…"
        value={values.target}
        onChange={(v) => set('target', v)}
      />
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <Input
          type="date"
          label="From (UTC day)"
          hideLabel
          value={values.from}
          max={values.to || undefined}
          onChange={(event) => set('from', event.target.value)}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        />
        <span className="text-sm text-slate-500 dark:text-slate-400" aria-hidden="true">
          to
        </span>
        <Input
          type="date"
          label="To (UTC day)"
          hideLabel
          value={values.to}
          min={values.from || undefined}
          onChange={(event) => set('to', event.target.value)}
          className="min-w-0 flex-1 sm:w-40 sm:flex-none"
        />
      </div>
    </>
  );
}

import { Select } from './select.tsx';

export interface FilterSelectProps<Value extends string> {
  /** For screen readers; the select itself shows the chosen option. */
  label: string;
  options: readonly Value[];
  labels: Record<Value, string>;
  value: Value | '';
  onChange: (value: Value | '') => void;
  /** The option meaning "no filter" ("All types"); leave out when a value is always chosen (a sort). */
  allLabel?: string;
  className?: string;
}

/** A list's filter or sort in a table toolbar: one option per value, labelled, optionally "All …" first. */
export function FilterSelect<Value extends string>({
  label,
  options,
  labels,
  value,
  onChange,
  allLabel,
  className,
}: FilterSelectProps<Value>) {
  return (
    <Select
      label={label}
      hideLabel
      value={value}
      onChange={(event) => onChange(event.target.value as Value | '')}
      className={className}
    >
      {allLabel !== undefined && <option value="">{allLabel}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </Select>
  );
}

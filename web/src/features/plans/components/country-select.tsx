import type { ChangeEvent } from 'react';
import { Select } from '#components/ui/select.tsx';
import { useCountries } from '../api/get-plans.ts';
import { parseGeoOptions } from '../utils/geo-options.ts';

/** The plan's own geography choices, or every country when it names none. */
export function CountrySelect({
  geoOptions,
  value,
  error,
  onChange,
}: {
  geoOptions: string;
  name?: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  const own = parseGeoOptions(geoOptions);
  const countries = useCountries(own.length === 0);
  const options = own.length > 0 ? own : (countries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
  const loading = own.length === 0 && countries.isPending;
  return (
    <Select
      label="Country"
      name="country"
      value={value}
      error={error}
      onChange={onChange}
      disabled={loading}
      hint={countries.isError ? 'Countries could not be loaded; reload the page to choose one.' : undefined}
    >
      <option value="">{loading ? 'Loading countries…' : 'Select a country'}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

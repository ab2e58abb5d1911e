import type { ChangeEvent } from 'react';
import { countryRule } from '@tollgate/contract/proxies/countries';
import type { PlanType } from '@tollgate/contract/plans/plans';
import { Select } from '#components/ui/select.tsx';
import { useCountries } from '#lib/use-countries.ts';
import { parseGeoOptions } from '#lib/geo-options.ts';

/**
 * The plan's own geography choices, or every country when it names none; the hint says what the
 * choice means for this type of plan (ADR 018: static plans exit there only, pools take it as a default).
 */
export function CountrySelect({
  geoOptions,
  planType,
  value,
  error,
  onChange,
}: {
  geoOptions: string;
  planType: PlanType;
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
      hint={countries.isError ? 'Countries could not be loaded; reload the page to choose one.' : countryRule(planType)}
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

import { Alert } from '#components/ui/alert.tsx';
import { Select } from '#components/ui/select.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import type { useLocationCascade } from '../api/locations.ts';

export interface LocationValue {
  country: string;
  state: string;
  city: string;
  isp: string;
}

type Cascade = ReturnType<typeof useLocationCascade>;
type Option = { code: string; name: string };

/** A saved value the catalogue does not list (yet, or any more) stays visible and selected. */
function withCurrent(options: Option[], value: string): Option[] {
  return value && !options.some((option) => option.code === value)
    ? [{ code: value, name: value }, ...options]
    : options;
}

function Options({ any, options }: { any: string; options: Option[] }) {
  return (
    <>
      <option value="">{any}</option>
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </>
  );
}

/**
 * Country, then its states and ISPs, then the chosen state's cities. Choosing a level clears the
 * levels below it, so a combination the catalogue does not have is never sent.
 */
export function LocationFields({
  value,
  onChange,
  cascade,
}: {
  value: LocationValue;
  onChange: (next: LocationValue) => void;
  cascade: Cascade;
}) {
  const isps = cascade.isps.map((name) => ({ code: name, name }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {cascade.error && (
        <Alert tone="warning" className="sm:col-span-2">
          Locations could not be loaded: {errorMessage(cascade.error)}
        </Alert>
      )}
      <Select
        label="Country"
        name="country"
        value={value.country}
        onChange={(event) => onChange({ country: event.target.value, state: '', city: '', isp: '' })}
        hint={cascade.loadingCountries ? 'Loading countries…' : undefined}
      >
        <Options any="Any country" options={withCurrent(cascade.countries, value.country)} />
      </Select>
      <Select
        label="State"
        name="state"
        value={value.state}
        disabled={!value.country}
        onChange={(event) => onChange({ ...value, state: event.target.value, city: '' })}
        hint={value.country ? (cascade.loadingCountry ? 'Loading states…' : undefined) : 'Choose a country first'}
      >
        <Options any="Any state" options={withCurrent(cascade.states, value.state)} />
      </Select>
      <Select
        label="City"
        name="city"
        value={value.city}
        disabled={!value.state && !value.city}
        onChange={(event) => onChange({ ...value, city: event.target.value })}
        hint={value.state ? (cascade.loadingState ? 'Loading cities…' : undefined) : 'Choose a state first'}
      >
        <Options any="Any city" options={withCurrent(cascade.cities, value.city)} />
      </Select>
      <Select
        label="ISP"
        name="isp"
        value={value.isp}
        disabled={!value.country && !value.isp}
        onChange={(event) => onChange({ ...value, isp: event.target.value })}
        hint={value.country ? undefined : 'Choose a country first'}
      >
        <Options any="Any ISP" options={withCurrent(isps, value.isp)} />
      </Select>
    </div>
  );
}

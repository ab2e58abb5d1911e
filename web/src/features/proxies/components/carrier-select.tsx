import type { ComponentProps } from 'react';
import { Select } from '#components/ui/select.tsx';
import type { useLocationCascade } from '../api/locations.ts';

/** Mobile plans: the carrier saved with the defaults, from the chosen country's carriers. */
export function CarrierSelect({
  cascade,
  field,
  country,
}: {
  cascade: ReturnType<typeof useLocationCascade>;
  field: Omit<ComponentProps<typeof Select>, 'label' | 'children'> & { value: string };
  country: string;
}) {
  return (
    <Select
      label="Carrier (saved with the default)"
      {...field}
      disabled={!country && !field.value}
      hint={country ? undefined : 'Choose a country first'}
    >
      <option value="">Any carrier</option>
      {field.value && !cascade.carriers.includes(field.value) && <option value={field.value}>{field.value}</option>}
      {cascade.carriers.map((carrier) => (
        <option key={carrier} value={carrier}>
          {carrier}
        </option>
      ))}
    </Select>
  );
}

import type { FormEvent } from 'react';
import { basicInfoBodySchema, updateBasicInfo, type BasicProfile } from '@tollgate/contract/profile/profile';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useCountries } from '#lib/use-countries.ts';
import { useUpdateBasicInfo } from '../api/basic-profile.ts';

type Fields = Omit<BasicProfile, 'email' | 'username'>;
const pick = (profile: BasicProfile): Fields => ({
  legalname: profile.legalname,
  legalusername: profile.legalusername,
  bilingemail: profile.bilingemail,
  country: profile.country,
  companyname: profile.companyname,
  vatid: profile.vatid,
  phonenumber: profile.phonenumber,
  billingaddress: profile.billingaddress,
  city: profile.city,
  zipcode: profile.zipcode,
});

/** Spec §3 Basic profile, sent with its wire names and the edit token it was loaded with. */
export function BasicProfileForm({ profile, editToken }: { profile: BasicProfile; editToken: string }) {
  const form = useForm(pick(profile));
  const countries = useCountries();
  const save = useUpdateBasicInfo();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(basicInfoBodySchema, { ...form.values, editToken });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => void notify('success', updateBasicInfo.message),
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Basic profile" className="space-y-5">
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Legal name" autoComplete="given-name" {...form.field('legalname')} />
        <Input label="Legal surname" autoComplete="family-name" {...form.field('legalusername')} />
        <Input label="Billing email" type="email" autoComplete="email" {...form.field('bilingemail')} />
        <Input label="Phone number" type="tel" autoComplete="tel" {...form.field('phonenumber')} />
        <Input label="Company" autoComplete="organization" {...form.field('companyname')} />
        <Input label="VAT number" {...form.field('vatid')} />
        <Input
          label="Billing address"
          autoComplete="street-address"
          className="sm:col-span-2"
          {...form.field('billingaddress')}
        />
        <Input label="City" autoComplete="address-level2" {...form.field('city')} />
        <Input label="Zip code" autoComplete="postal-code" {...form.field('zipcode')} />
        <Select
          label="Country"
          autoComplete="country"
          disabled={!countries.data}
          hint={countries.isError ? 'Countries could not be loaded; reload the page to choose one.' : undefined}
          {...form.field('country')}
        >
          <option value="">{countries.isPending ? 'Loading countries…' : 'Select a country'}</option>
          {countries.data?.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          Save changes
        </Button>
      </div>
    </form>
  );
}

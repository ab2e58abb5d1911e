import type { FormEvent, ReactNode } from 'react';
import {
  createResellerBodySchema,
  resellerTermsSchema,
  updateResellerBodySchema,
  type CreateResellerBody,
  type ResellerTerms,
  type UpdateResellerBody,
} from '@tollgate/contract/admin/resellers';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useForm } from '#lib/use-form.ts';
import { toTerms, type ResellerFormValues } from '../utils/reseller-form-values.ts';

function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} description={description} />
      <CardBody className="grid gap-4 sm:grid-cols-3">{children}</CardBody>
    </Card>
  );
}

/** Said once per group rather than under every field. */
const NOT_OFFERED = 'Leave a price empty to not offer it.';

/**
 * Every reseller term, grouped as the reseller API charges them (ADR 021), checked with the
 * contract's schema before it is sent. `create` adds the account's email and username; `approve`
 * is the terms alone, for a programme application (ADR 042).
 */
export function ResellerForm({
  initial,
  mode,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: ResellerFormValues;
  mode: 'create' | 'edit' | 'approve';
  busy: boolean;
  onSubmit: (body: CreateResellerBody | UpdateResellerBody | ResellerTerms, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const form = useForm(initial);
  const { field } = form;
  const price = (key: keyof ResellerFormValues, label: string) => (
    <Input label={label} inputMode="decimal" placeholder="Not offered" {...field(key)} />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { values } = form;
    const parsed =
      mode === 'create'
        ? createResellerBodySchema.safeParse({ ...toTerms(values), email: values.email, username: values.username })
        : mode === 'approve'
          ? resellerTermsSchema.safeParse(toTerms(values))
          : updateResellerBodySchema.safeParse({ ...toTerms(values), reason: values.reason.trim() || undefined });
    if (!parsed.success) return form.invalid(parsed.error.issues);
    form.clear();
    onSubmit(parsed.data, form.fail);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={{ create: 'New reseller', edit: 'Reseller terms', approve: 'Terms for the new reseller' }[mode]}
      className="space-y-6"
    >
      {form.formError && <Alert>{form.formError}</Alert>}
      {mode === 'create' && (
        <Card>
          <CardHeader
            title="Account"
            description="The reseller gets an email to choose a password; staff never set one."
          />
          <CardBody className="grid gap-4 sm:grid-cols-2">
            <Input label="Email" type="email" autoComplete="off" {...field('email')} />
            <Input label="Username" autoComplete="off" {...field('username')} />
          </CardBody>
        </Card>
      )}
      <Group title="Residential & mobile" description={`Dollars per GB of traffic. ${NOT_OFFERED}`}>
        {price('resiprice', 'Residential ($/GB)')}
        {price('mobileprice', 'Mobile ($/GB)')}
      </Group>
      <Group
        title="Datacenter"
        description={`Dollars per IP for 1, 7 or 30 days; other periods cannot be ordered. ${NOT_OFFERED}`}
      >
        {price('dataprice1', '1 day ($/IP)')}
        {price('dataprice7', '7 days ($/IP)')}
        {price('dataprice30', '30 days ($/IP)')}
      </Group>
      <Group title="Static ISP" description={`Dollars per IP for each 30 days. ${NOT_OFFERED}`}>
        {price('ispprice', 'ISP ($/IP per 30 days)')}
      </Group>
      <Group title="Pool & whitelists" description="Prepaid residential GB are used before the balance.">
        <Input label="Prepaid residential GB" inputMode="numeric" {...field('gbvalue')} />
        <Input label="Whitelisted IPs per IPv6 plan" inputMode="numeric" {...field('ipv6white')} />
        <Input label="Whitelisted IPs per datacenter plan" inputMode="numeric" {...field('datawhite')} />
      </Group>
      <Group title="Discount" description="Percent off the catalogue for products without a price above.">
        <Input label="Discount (%)" inputMode="decimal" hint="0 to 100, two decimals at most." {...field('value')} />
      </Group>
      {mode === 'edit' && (
        <Input
          label="Reason for the change (optional)"
          hint="Kept in the audit log with the old and new values."
          {...field('reason')}
        />
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy && <Spinner label="Saving" className="[&_svg]:text-white" />}
          {{ create: 'Create reseller', edit: 'Save changes', approve: 'Approve' }[mode]}
        </Button>
      </div>
    </form>
  );
}

import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROLES } from '@tollgate/contract/access/roles';
import { adminEditAccount, editAccountBodySchema, STAFF_MESSAGE_MAX } from '@tollgate/contract/admin/account-actions';
import { REFERRAL_FAMILIES, type AdminAccount } from '@tollgate/contract/admin/account-page';
import { Alert } from '#components/ui/alert.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { ApiError } from '#lib/api-client.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { Link } from 'react-router';
import { useEditAccount } from '../api/admin-account.ts';
import { adminAccountPath } from '../utils/account-paths.ts';
import { changesOf, editValuesOf, issueField, needsReason, PAYMENT_FLAGS, rateField } from '../utils/edit-values.ts';

const FLAG_LABELS: Record<(typeof PAYMENT_FLAGS)[number], [string, string]> = {
  balancePaymentProcessorEnabled: ['Balance payments', 'Pay for plans from the account balance.'],
  stripePaymentProcessorEnabled: ['Card payments', 'Stripe Checkout, up to the card limit below.'],
  cryptoPaymentProcessorEnabled: ['Crypto payments', 'Cryptomus invoices.'],
};
const FAMILY_LABELS = {
  residential: 'Residential',
  datacenter: 'Datacenter',
  isp: 'ISP',
  ipv6: 'IPv6',
  mobile: 'Mobile',
};
const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  User: 'Customer',
  Administrator: 'Administrator',
  Manager: 'Manager',
  Support: 'Support',
};
const money = { type: 'number', inputMode: 'decimal', step: 0.01, min: 0 } as const;

/** PATCH /admin/accounts/{userId} with only what changed; field errors land under their fields. */
export function EditAccountForm({ account, canChangeRole }: { account: AdminAccount; canChangeRole: boolean }) {
  const navigate = useNavigate();
  const initial = editValuesOf(account);
  const form = useForm(initial);
  const save = useEditAccount(account.id);
  const { field, values } = form;
  const mapIssues = (issues: ReadonlyArray<{ path: readonly PropertyKey[] | string; message: string }>) =>
    issues.map((issue) => ({
      ...issue,
      path: issueField(typeof issue.path === 'string' ? issue.path.split('.') : issue.path),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(initial, values);
    if (Object.keys(changes).length === 0) return form.report('Nothing has changed.');
    const reason = values.reason.trim();
    if (needsReason(changes) && reason.length < 3)
      return form.report(undefined, { reason: 'Say why the role, payment methods or card limit change' });
    const parsed = editAccountBodySchema.safeParse(reason ? { ...changes, reason } : changes);
    if (!parsed.success) return form.invalid(mapIssues(parsed.error.issues));
    form.clear();
    save.mutate(reason ? { ...changes, reason } : changes, {
      onSuccess: () => {
        void notify('success', adminEditAccount.message);
        void navigate(adminAccountPath(account.id));
      },
      onError: (error) =>
        error instanceof ApiError && error.fields.length > 0 ? form.invalid(mapIssues(error.fields)) : form.fail(error),
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Edit account" className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Card>
        <CardHeader title="Identity" />
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Input label="Username" autoComplete="off" {...field('username')} />
          <Input label="Email" type="email" autoComplete="off" {...field('email')} />
          <Select
            label="Role"
            disabled={!canChangeRole}
            hint={canChangeRole ? undefined : 'Only an Administrator changes roles.'}
            {...field('role')}
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Payments" description="Which ways this account may pay, and how much by card." />
        <CardBody className="space-y-5">
          {PAYMENT_FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={FLAG_LABELS[flag][0]}
              description={FLAG_LABELS[flag][1]}
              checked={values[flag] === 'true'}
              onChange={(on) => form.setValues((current) => ({ ...current, [flag]: String(on) }))}
            />
          ))}
          <Input
            label="Card limit (dollars per 24 hours)"
            className="sm:max-w-xs"
            hint="What the account may pay by card in any rolling 24 hours."
            {...money}
            {...field('stripeLimit')}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Notice and referral rewards" />
        <CardBody className="space-y-5">
          <Textarea
            label="Message to the customer"
            rows={3}
            maxLength={STAFF_MESSAGE_MAX}
            hint={`Shown as a notice in the customer's area; empty for none. ${values.message.length}/${STAFF_MESSAGE_MAX}`}
            {...field('message')}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
              Referral reward (% of what referred customers pay)
            </legend>
            <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
              {REFERRAL_FAMILIES.map((family) => (
                <Input
                  key={family}
                  label={FAMILY_LABELS[family]}
                  type="number"
                  inputMode="decimal"
                  step={0.01}
                  min={0}
                  max={100}
                  {...field(rateField(family))}
                />
              ))}
            </div>
          </fieldset>
        </CardBody>
      </Card>
      <Card>
        <CardBody className="space-y-4">
          <Input
            label="Reason"
            autoComplete="off"
            hint="Required when the role, a payment method or the card limit changes; kept in the audit trail."
            {...field('reason')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={adminAccountPath(account.id)} className={buttonClass('outline')}>
              Cancel
            </Link>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save changes
            </Button>
          </div>
        </CardBody>
      </Card>
    </form>
  );
}

import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ROLES } from '@tollgate/contract/access/roles';
import { createAccountBodySchema, STAFF_MESSAGE_MAX } from '@tollgate/contract/admin/account-actions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { accountPath } from '#lib/flow-paths.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useCreateAccount } from '../api/create-account.ts';

const ROLE_HINTS: Record<(typeof ROLES)[number], string> = {
  User: 'A customer: buys and uses proxy plans.',
  Administrator: 'Full access to the staff panel, resellers and settings.',
  Manager: 'Looks after customers, plans and billing; cannot change roles.',
  Support: 'The support panel only: no balances, prices or roles.',
};

/** Email, username, role and an optional notice; the person chooses their password from a mailed link. */
export function NewAccountForm({ canChooseRole }: { canChooseRole: boolean }) {
  const form = useForm({ email: '', username: '', role: 'User', message: '' });
  const create = useCreateAccount();
  const navigate = useNavigate();
  const { field, values } = form;
  const role = values.role as (typeof ROLES)[number];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(createAccountBodySchema, {
      email: values.email,
      username: values.username,
      role: canChooseRole ? values.role : 'User',
      message: values.message,
    });
    if (!parsed) return;
    create.mutate(parsed, {
      onSuccess: (account) => {
        void notify('success', `Account created. A link to choose a password was emailed to ${account.email}.`);
        void navigate(accountPath(staffPaths.admin.account, account.id));
      },
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New account" className="space-y-6">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-2">
          <Input label="Email" type="email" autoComplete="off" autoFocus {...field('email')} />
          <Input
            label="Username"
            autoComplete="off"
            hint="Letters, digits, dot, dash and underscore."
            {...field('username')}
          />
          {canChooseRole ? (
            <Select label="Role" hint={ROLE_HINTS[role]} {...field('role')}>
              {ROLES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          ) : (
            <div>
              <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Role</p>
              <p
                className="flex h-10 items-center rounded-lg border border-slate-200 bg-slate-50 px-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
                data-testid="fixed-role"
              >
                User (customer)
              </p>
              <p className="mt-1.5 text-sm text-slate-500 dark:text-slate-400">
                Managers create customer accounts; an Administrator creates staff.
              </p>
            </div>
          )}
          <Textarea
            label="Message to the customer (optional)"
            className="sm:col-span-2"
            rows={3}
            maxLength={STAFF_MESSAGE_MAX}
            hint="Shown at the top of their area until staff clear it."
            {...field('message')}
          />
        </CardBody>
      </Card>
      <Alert tone="info">
        The account is verified and has no password yet. We email a link (valid 72 hours, usable once) so the person
        chooses their own.
      </Alert>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={() => void navigate(staffPaths.admin.accounts)}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner label="Creating" className="[&_svg]:text-white" />}
          Create account
        </Button>
      </div>
    </form>
  );
}

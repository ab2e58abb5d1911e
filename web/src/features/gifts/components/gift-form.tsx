import type { FormEvent } from 'react';
import { createGiftBodySchema, GIFT_KINDS, type Gift } from '@tollgate/contract/growth/gifts';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useForm } from '#lib/use-form.ts';
import { useCreateGift, useGiftablePlans } from '../api/gifts.ts';
import { EMPTY_GIFT, toGiftBody } from '../utils/gift-form-values.ts';

const KIND_LABELS = { balance: 'Balance amount', plan: 'A plan' } as const;

/** A new gift code, checked with the contract's schema before it is sent. */
export function GiftForm({ onCreated, onCancel }: { onCreated: (gift: Gift) => void; onCancel: () => void }) {
  const form = useForm(EMPTY_GIFT);
  const create = useCreateGift();
  const plans = useGiftablePlans();
  const { field, values } = form;
  const balance = values.kind === 'balance';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toGiftBody(values);
    const parsed = form.parse(createGiftBodySchema, body);
    if (!parsed) return;
    create.mutate(body, { onSuccess: onCreated, onError: form.fail });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New gift code" className="space-y-4">
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Code"
          autoComplete="off"
          placeholder="Made up for you"
          hint="4 to 40 letters, digits and dashes."
          className="[&_input]:font-mono [&_input]:uppercase [&_input::placeholder]:normal-case"
          {...field('code')}
        />
        <Select label="Worth" {...field('kind')}>
          {GIFT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
        {balance ? (
          <Input label="Amount ($)" inputMode="decimal" className="sm:col-span-2" {...field('amount')} />
        ) : (
          <>
            <Select label="Plan" className="sm:col-span-2" {...field('planId')}>
              <option value="">{plans.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
              {(plans.data ?? []).map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.title} ({plan.type})
                </option>
              ))}
            </Select>
            <Input
              label="GB or threads"
              type="number"
              inputMode="numeric"
              min={1}
              hint="Empty: the plan's own."
              {...field('units')}
            />
            <Input label="Country" placeholder="US" maxLength={2} hint="Empty: the plan's own." {...field('region')} />
          </>
        )}
        <Input label="Quantity" type="number" inputMode="numeric" min={1} hint="Uses in all." {...field('quantity')} />
        <Input
          label="Per account"
          type="number"
          inputMode="numeric"
          min={1}
          hint="Uses by one account."
          {...field('perAccountLimit')}
        />
        <Input label="Expires" type="date" hint="Empty: never." {...field('expiresAt')} />
        <Input label="Note (staff only)" maxLength={200} placeholder="Black Friday mailing" {...field('note')} />
      </div>
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner label="Creating" className="[&_svg]:text-white" />}
          Create code
        </Button>
      </div>
    </form>
  );
}

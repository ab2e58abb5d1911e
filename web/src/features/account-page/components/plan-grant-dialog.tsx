import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  PLANTIME_OPERATIONS,
  supportAddSubscriptionBandwidth,
  supportPlanTime,
  type StaffSubscription,
} from '@tollgate/contract/subscriptions/staff-subscriptions';
import { ActionDialog } from '#components/ui/action-dialog.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { useForm } from '#lib/use-form.ts';
import type { ChangeOutcome, SupportPlanChange } from '../api/support-subscriptions.ts';

export type GrantKind = 'bandwidth' | 'days';

const TEXT = {
  bandwidth: {
    title: 'Add bandwidth',
    amount: 'GB to add',
    hint: 'Free GB on top of the plan’s total; a depleted plan runs again.',
    submit: 'Add bandwidth',
  },
  days: {
    title: 'Add or subtract days',
    amount: 'Days',
    hint: 'Moves the end date; the plan turns active or expired to match.',
    submit: 'Change days',
  },
} as const;
const OPERATION_LABELS = { add: 'Add days', subtract: 'Subtract days' } as const;

type Values = { amount: string; operationType: string; reason: string };
type Parsed = { change: SupportPlanChange; issues?: never } | { change?: never; issues: z.core.$ZodIssue[] };

/** The change the contract takes, from the form's text; a blank reason is left out (it is optional). */
function changeOf(kind: GrantKind, id: string, values: Values): Parsed {
  const amount = values.amount.trim() === '' ? undefined : Number(values.amount);
  const reason = values.reason.trim() === '' ? undefined : values.reason;
  if (kind === 'bandwidth') {
    const parsed = supportAddSubscriptionBandwidth.body!.safeParse({ bandwidth: amount, reason });
    return parsed.success ? { change: { kind, id, body: parsed.data } } : { issues: parsed.error.issues };
  }
  const parsed = supportPlanTime.body!.safeParse({ timeToAdd: amount, operationType: values.operationType, reason });
  return parsed.success ? { change: { kind, id, body: parsed.data } } : { issues: parsed.error.issues };
}

/**
 * GB or days for one plan, with an optional reason for the audit log. The contract's schema checks
 * the fields; the server's refusal (its limits, say) shows in the dialog, which stays open.
 */
export function PlanGrantDialog({
  kind,
  plan,
  onClose,
  apply,
}: {
  kind: GrantKind;
  plan: StaffSubscription;
  onClose: () => void;
  apply: (change: SupportPlanChange) => Promise<ChangeOutcome>;
}) {
  const form = useForm({ amount: '', operationType: 'add', reason: '' });
  const [busy, setBusy] = useState(false);
  const text = TEXT[kind];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = changeOf(kind, plan.id, form.values);
    if (parsed.issues) {
      // The contract names the amount bandwidth or timeToAdd; the form calls it amount.
      return form.invalid(
        parsed.issues.map((issue) => ({
          ...issue,
          path: issue.path[0] === 'bandwidth' || issue.path[0] === 'timeToAdd' ? ['amount'] : issue.path,
        })),
      );
    }
    form.clear();
    setBusy(true);
    try {
      await apply(parsed.change);
      onClose();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ActionDialog
      open
      onClose={onClose}
      title={text.title}
      description={
        <>
          <span className="font-medium text-slate-800 dark:text-slate-200">
            {plan.planTitle}
            {plan.label ? ` (${plan.label})` : ''}
          </span>
          {' · '}
          {text.hint}
        </>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={text.title} className="space-y-4">
        {form.formError && <Alert>{form.formError}</Alert>}
        <Input
          label={text.amount}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          autoFocus
          {...form.field('amount')}
        />
        {kind === 'days' && (
          <Select label="Operation" {...form.field('operationType')}>
            {PLANTIME_OPERATIONS.map((operation) => (
              <option key={operation} value={operation}>
                {OPERATION_LABELS[operation]}
              </option>
            ))}
          </Select>
        )}
        <Textarea
          label="Reason (optional)"
          hint="Kept in the audit log with the change."
          rows={2}
          {...form.field('reason')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy && <Spinner label="Working" className="[&_svg]:text-white" />}
            {text.submit}
          </Button>
        </div>
      </form>
    </ActionDialog>
  );
}

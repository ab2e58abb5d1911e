import { useState, type FormEvent } from 'react';
import { Minus, Plus } from 'lucide-react';
import { adjustBalanceBodySchema, adminAdjustBalance } from '@tollgate/contract/admin/accounts';
import { AWAITS_APPROVAL } from '@tollgate/contract/admin/change-requests';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';
import { formatBalance } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAdjustBalance } from '../api/admin-account.ts';

type Direction = 'add' | 'subtract';
const DIRECTIONS: Array<[Direction, string, string, typeof Plus]> = [
  ['add', 'Add to balance', 'A credit, refund or goodwill gesture.', Plus],
  ['subtract', 'Subtract from balance', 'A correction or a charge. Never below $0.00.', Minus],
];

/**
 * PATCH .../balance as two clear choices and a positive amount (a signed number is too easy to get
 * wrong), with the new balance previewed before anything moves.
 */
export function BalanceForm({ userId, balance }: { userId: string; balance: number }) {
  const [direction, setDirection] = useState<Direction>('add');
  const [pending, setPending] = useState(false);
  const form = useForm({ amount: '', reason: '' });
  const adjust = useAdjustBalance(userId);
  const typed = Number(form.values.amount);
  const amount = form.values.amount.trim() !== '' && Number.isFinite(typed) && typed > 0 ? typed : null;
  const signedCents = amount === null ? 0 : toCents(direction === 'add' ? amount : -amount);
  const after = toDollars(toCents(balance) + signedCents);
  const belowZero = after < 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(false);
    if (amount === null) return form.report(undefined, { amount: 'Enter an amount above zero' });
    if (belowZero)
      return form.report(undefined, {
        amount: `The balance cannot go below $0.00: at most ${formatBalance(balance)} can be subtracted`,
      });
    const body = { balanceToAddOrSub: toDollars(signedCents), reason: form.values.reason };
    const parsed = adjustBalanceBodySchema.safeParse(body);
    if (!parsed.success)
      return form.invalid(
        parsed.error.issues.map((issue) => ({
          ...issue,
          path: issue.path[0] === 'balanceToAddOrSub' ? ['amount'] : issue.path,
        })),
      );
    form.clear();
    adjust.mutate(parsed.data, {
      onSuccess: (result) => {
        // A Manager above the approval bound: nothing moved yet, a request waits (ADR 011).
        if (result.requestId) {
          setPending(true);
          void notify('info', AWAITS_APPROVAL);
        } else void notify('success', adminAdjustBalance.message);
        form.reset();
      },
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader
        title="Change the balance"
        description="Written to the ledger and the audit trail with your reason."
      />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Change balance" className="space-y-5">
          {form.formError && <Alert>{form.formError}</Alert>}
          {pending && (
            <Alert tone="info" title="Waiting for approval">
              {AWAITS_APPROVAL}. The balance has not changed yet: it moves once an Administrator approves the request.
            </Alert>
          )}
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">What to do</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {DIRECTIONS.map(([value, label, hint, Icon]) => (
                <label
                  key={value}
                  className={cn(
                    'flex cursor-pointer gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
                    direction === value
                      ? 'border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-500/10'
                      : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800/60',
                  )}
                >
                  <input
                    type="radio"
                    name="direction"
                    value={value}
                    checked={direction === value}
                    onChange={() => setDirection(value)}
                    className="sr-only"
                  />
                  <Icon className="mt-0.5 size-5 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden="true" />
                  <span>
                    <span className="block text-sm font-medium text-slate-900 dark:text-white">{label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">{hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Input
            label="Amount (dollars)"
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            className="sm:max-w-xs"
            {...form.field('amount')}
          />
          <Input
            label="Reason"
            autoComplete="off"
            hint="Required; the customer's ledger and the audit trail keep it."
            {...form.field('reason')}
          />
          <dl
            className={cn(
              'flex flex-wrap justify-between gap-2 rounded-lg p-3 text-sm',
              belowZero
                ? 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300'
                : 'bg-slate-50 text-slate-700 dark:bg-slate-800/60 dark:text-slate-200',
            )}
            aria-live="polite"
          >
            <div className="flex gap-2">
              <dt>Now</dt>
              <dd className="font-medium tabular-nums">{formatBalance(balance)}</dd>
            </div>
            <div className="flex gap-2">
              <dt>After this change</dt>
              <dd className="font-semibold tabular-nums" data-testid="balance-preview">
                {belowZero ? 'Below $0.00: refused' : formatBalance(after)}
              </dd>
            </div>
          </dl>
          <div className="flex justify-end">
            <Button type="submit" disabled={adjust.isPending}>
              {adjust.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              {direction === 'add' ? 'Add to balance' : 'Subtract from balance'}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

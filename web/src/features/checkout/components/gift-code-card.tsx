import type { FormEvent } from 'react';
import { generatePath, Link } from 'react-router';
import { Gift } from 'lucide-react';
import { giftCodeInputSchema } from '@tollgate/contract/growth/gifts';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatBalance } from '#lib/format.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useRedeemGift } from '../api/redeem-gift.ts';

/** Redeem a gift code: a balance amount lands at once, a plan starts at once. */
export function GiftCodeCard() {
  const form = useForm({ code: '' });
  const redeem = useRedeemGift();
  const done = redeem.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = form.checkField('code', giftCodeInputSchema);
    if (!code) return;
    redeem.mutate(code, {
      onSuccess: (result) => {
        form.reset();
        void notify(
          'success',
          result.kind === 'balance'
            ? `${formatBalance(result.amount)} added to your balance`
            : `Your plan ${result.planTitle ?? ''} is ready`,
        );
      },
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader title="Gift code" description="Have a code from us? Redeem it here." />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Redeem a gift code" className="space-y-3">
          {form.formError && <Alert>{form.formError}</Alert>}
          {done && !form.formError && (
            <Alert tone="success">
              {done.kind === 'balance' ? (
                `${formatBalance(done.amount)} was added. Your balance is now ${formatBalance(done.balance)}.`
              ) : (
                <>
                  {done.planTitle} is running.{' '}
                  {done.subscriptionId && (
                    <Link
                      className="font-medium underline"
                      to={generatePath(paths.generator, { subscriptionId: done.subscriptionId })}
                    >
                      Get your proxies
                    </Link>
                  )}
                </>
              )}
            </Alert>
          )}
          <div className="flex items-start gap-2">
            <Input
              label="Code"
              hideLabel
              placeholder="GIFT-XXXX-XXXX"
              autoComplete="off"
              className="min-w-0 flex-1 [&_input]:font-mono [&_input]:uppercase"
              {...form.field('code')}
            />
            <Button type="submit" disabled={redeem.isPending}>
              {redeem.isPending ? (
                <Spinner label="Redeeming" className="[&_svg]:text-white" />
              ) : (
                <Gift className="size-4" aria-hidden="true" />
              )}
              Redeem
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

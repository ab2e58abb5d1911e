import { useEffect, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import {
  AUTO_TOPUP_STATES,
  autoTopupBodySchema,
  saveAutoTopup,
  type AutoTopup,
} from '@tollgate/contract/automation/auto-topup';
import { Alert } from '#components/ui/alert.tsx';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance, formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAutoTopup, useRemoveCard, useSaveAutoTopup, useSaveCard } from '../../api/automation.ts';

const STATE: Record<(typeof AUTO_TOPUP_STATES)[number], { label: string; tone: BadgeTone }> = {
  off: { label: 'Off', tone: 'neutral' },
  ready: { label: 'On', tone: 'success' },
  needs_card: { label: 'Needs a card', tone: 'warning' },
  charging: { label: 'Charging', tone: 'info' },
  paused: { label: 'Paused', tone: 'danger' },
  capped: { label: 'Cap reached', tone: 'warning' },
};
const ATTEMPT_TONE = { paid: 'success', pending: 'info', failed: 'danger' } as const;

const asText = (s: AutoTopup) => ({
  enabled: s.enabled ? 'on' : '',
  threshold: String(s.threshold),
  amount: String(s.amount),
  dailyCount: String(s.dailyCount),
  monthlyCap: String(s.monthlyCap),
});

function SavedCard({ settings }: { settings: AutoTopup }) {
  const saveCard = useSaveCard();
  const remove = useRemoveCard();
  const open = () =>
    saveCard.mutate(undefined, {
      // The provider's page (or the sandbox's) saves the card and comes back here.
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) => void notify('error', errorMessage(error)),
    });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800">
      <div className="flex items-center gap-3">
        <CreditCard className="size-5 text-slate-400" aria-hidden />
        {settings.card ? (
          <p className="text-sm text-slate-900 dark:text-white">
            <span className="capitalize">{settings.card.brand}</span> ···· {settings.card.last4}
            {settings.card.provider === 'sandbox' && (
              <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">(sandbox test card)</span>
            )}
          </p>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">No card saved</p>
        )}
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={saveCard.isPending} onClick={open}>
          {saveCard.isPending && <Spinner label="Opening" />}
          {settings.card ? 'Replace card' : 'Save a card'}
        </Button>
        {settings.card && (
          <Button
            size="sm"
            variant="ghost-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined, { onError: (error) => void notify('error', errorMessage(error)) })}
          >
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}

function AutoTopupForm({ settings }: { settings: AutoTopup }) {
  const form = useForm(asText(settings));
  const save = useSaveAutoTopup();
  useEffect(() => form.setValues(asText(settings)), [settings]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = (key: 'threshold' | 'amount' | 'dailyCount' | 'monthlyCap') =>
      form.values[key].trim() === '' ? undefined : Number(form.values[key]);
    const parsed = form.parse(autoTopupBodySchema, {
      enabled: form.values.enabled === 'on',
      threshold: number('threshold'),
      amount: number('amount'),
      dailyCount: number('dailyCount'),
      monthlyCap: number('monthlyCap'),
    });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: () => void notify('success', saveAutoTopup.message),
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Auto top-up settings" className="space-y-4">
      {form.formError && <Alert>{form.formError}</Alert>}
      <Switch
        label="Top up automatically"
        description="Charge the saved card when the balance falls below the threshold."
        checked={form.values.enabled === 'on'}
        onChange={(on) => form.set('enabled', on ? 'on' : '')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="When the balance is below ($)" inputMode="decimal" {...form.field('threshold')} />
        <Input label="Add ($)" inputMode="decimal" hint="At least $5 a charge" {...form.field('amount')} />
        <Input label="At most charges a day" inputMode="numeric" {...form.field('dailyCount')} />
        <Input label="At most a month ($)" inputMode="decimal" {...form.field('monthlyCap')} />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          Save auto top-up
        </Button>
      </div>
    </form>
  );
}

/** Auto top-up: a saved card, a threshold and caps; its state and last attempts. */
export function AutoTopupCard() {
  const topup = useAutoTopup();
  const s = topup.data;
  return (
    <Card id="auto-topup">
      <CardHeader
        title="Auto top-up"
        description="Keep your balance from running dry: renewals and purchases never wait for you."
        action={s && <Badge tone={STATE[s.state].tone}>{STATE[s.state].label}</Badge>}
      />
      <CardBody className="space-y-5">
        {topup.error ? (
          <ErrorState error={topup.error} onRetry={() => void topup.refetch()} />
        ) : !s ? (
          <Spinner />
        ) : (
          <>
            {s.state === 'paused' && (
              <Alert title="Paused after a failed charge">
                {s.pauseReason} Save the settings or a card to turn it back on.
              </Alert>
            )}
            <SavedCard settings={s} />
            <AutoTopupForm settings={s} />
            <p className="text-sm text-slate-500 dark:text-slate-400">
              Today {s.usedToday} of {s.dailyCount} charges · this month {formatBalance(s.usedThisMonth)} of{' '}
              {formatBalance(s.monthlyCap)}
            </p>
            {s.attempts.length > 0 && (
              <div>
                <h3 className="mb-2 text-sm font-medium text-slate-900 dark:text-white">Last attempts</h3>
                <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
                  {s.attempts.map((a) => (
                    <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="text-slate-700 dark:text-slate-300">
                        {formatDate(a.createdAt, '24h')} · {formatBalance(a.amount)}
                        {a.error ? ` · ${a.error}` : ''}
                      </span>
                      <Badge tone={ATTEMPT_TONE[a.status]}>{a.status}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardBody>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { Trash2 } from 'lucide-react';
import {
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  alertRuleBodySchema,
  createAlert,
  type AlertKind,
  type AlertRule,
} from '@tollgate/contract/automation/alerts';
import { Alert } from '#components/ui/alert.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatBalance, formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAlerts, useCreateAlert, useDeleteAlert, useMyPlans, useUpdateAlert } from '../../api/automation.ts';

const UNIT: Record<AlertKind, { label: string; hint: string; placeholder: string }> = {
  bandwidth_percent: { label: 'Percent of GB used', hint: 'From 1 to 100 %', placeholder: '80' },
  expiry_days: { label: 'Days before the plan ends', hint: 'From 1 to 90 days', placeholder: '3' },
  balance_below: { label: 'Balance in dollars', hint: 'Fires once each time it dips below', placeholder: '10' },
};

export function describeRule(rule: Pick<AlertRule, 'kind' | 'threshold'>) {
  if (rule.kind === 'bandwidth_percent') return `${ALERT_KIND_LABELS[rule.kind]} ${rule.threshold} %`;
  if (rule.kind === 'expiry_days')
    return `${ALERT_KIND_LABELS[rule.kind]} ${rule.threshold} day${rule.threshold === 1 ? '' : 's'}`;
  return `${ALERT_KIND_LABELS[rule.kind]} ${formatBalance(rule.threshold)}`;
}

function NewAlertForm() {
  // `email` carries the channels' error (the checkboxes keep their own state).
  const form = useForm({ kind: 'bandwidth_percent', threshold: '', subscriptionId: '', email: '' });
  const [channels, setChannels] = useState({ email: true, webhook: false });
  const plans = useMyPlans();
  const create = useCreateAlert();
  const kind = form.values.kind as AlertKind;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(alertRuleBodySchema, {
      kind,
      threshold: form.values.threshold.trim() === '' ? undefined : Number(form.values.threshold),
      subscriptionId: kind === 'balance_below' || !form.values.subscriptionId ? null : form.values.subscriptionId,
      ...channels,
    });
    if (!parsed) return;
    create.mutate(parsed, {
      onSuccess: () => {
        form.set('threshold', '');
        void notify('success', createAlert.message);
      },
      onError: form.fail,
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="New alert" className="space-y-4">
      {form.formError && <Alert>{form.formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Alert when" {...form.field('kind')}>
          {ALERT_KINDS.map((k) => (
            <option key={k} value={k}>
              {ALERT_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <Input
          label={UNIT[kind].label}
          hint={UNIT[kind].hint}
          inputMode="decimal"
          placeholder={UNIT[kind].placeholder}
          {...form.field('threshold')}
        />
      </div>
      {kind !== 'balance_below' && (
        <Select label="Plan" {...form.field('subscriptionId')}>
          <option value="">All my plans</option>
          {(plans.data ?? []).map((plan) => (
            <option key={plan.id} value={plan.id}>
              {plan.label ? `${plan.label} (${plan.planTitle})` : plan.planTitle}
            </option>
          ))}
        </Select>
      )}
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Send it by</legend>
        {(['email', 'webhook'] as const).map((channel) => (
          <label key={channel} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <input
              type="checkbox"
              className="size-4 rounded border-slate-300 accent-brand-600"
              checked={channels[channel]}
              onChange={(e) => setChannels((c) => ({ ...c, [channel]: e.target.checked }))}
            />
            {channel === 'email' ? 'Mail' : 'Webhook (every endpoint below)'}
          </label>
        ))}
        {form.errors.email && <p className="text-sm text-red-600 dark:text-red-400">{form.errors.email}</p>}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
          Add alert
        </Button>
      </div>
    </form>
  );
}

function RuleRow({ rule }: { rule: AlertRule }) {
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const channels = [rule.email && 'Mail', rule.webhook && 'Webhook'].filter(Boolean).join(' + ');
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900 dark:text-white">{describeRule(rule)}</p>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
          {rule.kind === 'balance_below' ? 'Your balance' : (rule.planTitle ?? 'All my plans')} · {channels}
          {rule.lastFiredAt ? ` · last sent ${formatDate(rule.lastFiredAt, '24h')}` : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {!rule.enabled && <Badge>Off</Badge>}
        <div className="w-20">
          <Switch
            label="On"
            checked={rule.enabled}
            disabled={update.isPending}
            onChange={(enabled) =>
              update.mutate(
                { id: rule.id, patch: { enabled } },
                { onError: (error) => void notify('error', errorMessage(error)) },
              )
            }
          />
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Remove alert: ${describeRule(rule)}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(rule.id, { onError: (error) => void notify('error', errorMessage(error)) })}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </div>
    </li>
  );
}

/** Usage alerts: each fires once per crossing (per GB top-up, per end date, per balance dip). */
export function AlertsCard() {
  const alerts = useAlerts();
  return (
    <Card>
      <CardHeader
        title="Usage alerts"
        description="A mail or a webhook when a plan's GB run low, a plan is about to end, or your balance dips."
      />
      <CardBody className="space-y-5">
        {alerts.error ? (
          <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} />
        ) : alerts.isPending ? (
          <Spinner />
        ) : alerts.data.items.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No alerts yet: add your first one below.</p>
        ) : (
          <ul aria-label="My alerts" className="divide-y divide-slate-200 dark:divide-slate-800">
            {alerts.data.items.map((rule) => (
              <RuleRow key={rule.id} rule={rule} />
            ))}
          </ul>
        )}
        <NewAlertForm />
      </CardBody>
    </Card>
  );
}

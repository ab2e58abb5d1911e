import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { SellablePlan } from '@tollgate/contract/reseller/reseller-panel';
import type { ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { resellerSellSubUserPlan } from '@tollgate/contract/reseller/sub-users';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { describeError } from '#lib/form-errors.ts';
import { formatBalance } from '#lib/format.ts';
import { parseGeoOptions } from '#lib/geo-options.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useResellerSource } from '../api/source.ts';
import { useCountries } from '#lib/use-countries.ts';
import { useActionKey } from '../utils/action-key.ts';
import { PRODUCT_LABELS } from '../utils/labels.ts';
import { estimate, offered, unitOf } from '../utils/pricing.ts';

const whole = (field: string, what: string) => z.coerce.number({ error: `${field}: ${what}` }).int(`${field}: ${what}`);
const orderSchema = z.object({
  planId: z.string().min(1, 'planId: choose a plan'),
  region: z.string().min(1, 'region: choose a country'),
  quantity: whole('quantity', 'a whole number').min(1, 'quantity: at least 1').max(100_000, 'quantity: at most 100000'),
  days: whole('days', 'whole days').min(1, 'days: at least 1').max(3650, 'days: at most 3650'),
});

const SERVER_FIELDS = ['planId', 'region', 'bandwidth', 'threads', 'days'] as const;

type Terms = Pick<ResellerDashboard, 'prices' | 'gbvalue' | 'balance'>;

function EstimateLine({
  terms,
  plan,
  quantity,
  days,
}: {
  terms: Terms;
  plan: SellablePlan;
  quantity: number;
  days: number;
}) {
  if (!(quantity >= 1) || !(days >= 1)) return null;
  const result = estimate(terms, { type: plan.type, units: quantity, days });
  return (
    <div
      className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-950"
      aria-live="polite"
      data-testid="sell-estimate"
    >
      {result.kind === 'total' ? (
        <>
          <p className="flex justify-between gap-3 font-medium text-slate-900 dark:text-white">
            <span>Your price</span>
            <span className="tabular-nums">{formatBalance(result.total)}</span>
          </p>
          <p className="mt-1 text-slate-500 dark:text-slate-400">
            {result.detail}. Paid from your balance ({formatBalance(terms.balance)}).
          </p>
        </>
      ) : (
        <p
          className={
            result.kind === 'refused' ? 'text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'
          }
        >
          {result.detail}
        </p>
      )}
    </div>
  );
}

/**
 * Sells a plan to one sub-user (the reseller API's or the panel's sale, by the area's source): a product the terms
 * offer, a country, GB or IPs, days. The price shown is worked out from the member's own prices;
 * the server charges. One Idempotency-Key per order, reused if the same order is sent again.
 */
export function SellPlanDialog({
  subUser,
  terms,
  open,
  onClose,
}: {
  subUser: { id: string; username: string };
  terms: Terms;
  open: boolean;
  onClose: () => void;
}) {
  const source = useResellerSource();
  const catalogue = source.useSellablePlans();
  const sell = source.useSellPlan(subUser.id);
  const actionKey = useActionKey();
  const form = useForm({ planId: '', region: '', quantity: '', days: '' });
  const [sending, setSending] = useState(false);
  const plans = (catalogue.plans ?? []).filter((plan) => offered(terms.prices, plan.type));
  const plan = plans.find((item) => item.id === form.values.planId);
  const geo = plan ? parseGeoOptions(plan.serverGeoOptions) : [];
  const allCountries = useCountries(Boolean(plan) && geo.length === 0);
  const regions = geo.length > 0 ? geo : (allCountries.data ?? []).map((c) => ({ value: c.code, label: c.name }));
  const unit = plan ? unitOf(plan.type) : 'bandwidth';

  const close = () => {
    form.reset();
    sell.reset();
    onClose();
  };
  const choosePlan = (id: string) => {
    const next = plans.find((item) => item.id === id);
    form.setValues((current) => ({
      ...current,
      planId: id,
      region: '',
      days: next ? String(next.type === 'datacenter' || next.type === 'isp' ? 30 : next.duration) : '',
    }));
    form.clear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const parsed = orderSchema.safeParse(form.values);
    if (!parsed.success) return form.invalid(parsed.error.issues);
    const { quantity, ...rest } = parsed.data;
    const body = { ...rest, ...(unit === 'threads' ? { threads: quantity } : { bandwidth: quantity }) };
    form.clear();
    setSending(true);
    try {
      const result = await sell.mutateAsync({ body, idempotencyKey: actionKey.keyFor(body) });
      actionKey.done();
      void notify(
        'success',
        `${resellerSellSubUserPlan.message}: ${formatBalance(result.total)} charged${
          result.poolGbUsed > 0 ? `, ${result.poolGbUsed} GB from your prepaid pool` : ''
        }`,
      );
      close();
    } catch (error) {
      // The server names bandwidth or threads; the form has one quantity field for both.
      const { form: message, fields } = describeError(error, SERVER_FIELDS);
      const { bandwidth, threads, ...named } = fields;
      form.report(message, { ...named, quantity: bandwidth ?? threads });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} title={`Sell a plan to ${subUser.username}`}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="Sell a plan" className="space-y-4">
        <Select
          label="Plan"
          value={form.values.planId}
          error={form.errors.planId}
          onChange={(event) => choosePlan(event.target.value)}
          disabled={catalogue.isPending}
          hint={
            plans.length === 0 && catalogue.plans ? 'Your reseller terms offer none of the plans on sale.' : undefined
          }
        >
          <option value="">{catalogue.isPending ? 'Loading plans…' : 'Choose a plan'}</option>
          {plans.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title} ({PRODUCT_LABELS[item.type]})
            </option>
          ))}
        </Select>
        <Select
          label="Country"
          {...form.field('region')}
          disabled={!plan || (geo.length === 0 && allCountries.isPending)}
        >
          <option value="">Choose a country</option>
          {regions.map((region) => (
            <option key={region.value} value={region.value}>
              {region.label}
            </option>
          ))}
        </Select>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={unit === 'threads' ? 'IPs (threads)' : 'Bandwidth (GB)'}
            type="number"
            inputMode="numeric"
            min={1}
            {...form.field('quantity')}
          />
          <Input
            label="Days"
            type="number"
            inputMode="numeric"
            min={1}
            hint={
              plan?.type === 'datacenter'
                ? '1, 7 or 30 days'
                : plan?.type === 'isp'
                  ? 'Whole 30-day periods'
                  : undefined
            }
            {...form.field('days')}
          />
        </div>
        {plan && (
          <EstimateLine
            terms={terms}
            plan={plan}
            quantity={Number(form.values.quantity)}
            days={Number(form.values.days)}
          />
        )}
        {form.formError && <Alert>{form.formError}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={sending}>
            {sending && <Spinner label="Selling" className="[&_svg]:text-white" />}
            Sell plan
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState, type FormEvent } from 'react';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import {
  applyForReseller,
  MONTHLY_VOLUMES,
  resellerRequestFormSchema,
  SALES_CHANNELS,
  type ResellerRequestForm,
} from '@tollgate/contract/reseller/reseller-programme';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { ApiError } from '#lib/api-client.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useApply } from '../api/programme.ts';
import { CHANNEL_LABELS, PRODUCT_LABELS, VOLUME_LABELS } from '../utils/labels.ts';

/** The server names fields `body.resellerRequestFormResponses.company`: the form knows them as `company`. */
function answersErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  const fields = error.fields.map((field) => ({
    ...field,
    path: field.path.replace(/^body\.resellerRequestFormResponses\./, 'body.'),
  }));
  return new ApiError(error.status, error.message, { ...(error.payload as object), fields });
}

const blank = { company: '', website: '', products: '', monthlyVolume: '', channel: '', message: '' };

/** The application (spec §7 resellerRequestFormResponses); a refused applicant starts from their last answers. */
export function ApplicationForm({ previous }: { previous?: ResellerRequestForm | undefined }) {
  const form = useForm(previous ? { ...blank, ...previous, website: previous.website ?? '', products: '' } : blank);
  const [products, setProducts] = useState<PlanType[]>(previous?.products ?? []);
  const apply = useApply();

  const toggle = (type: PlanType, on: boolean) => {
    setProducts((current) => (on ? [...current, type] : current.filter((item) => item !== type)));
    form.set('products', '');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { products: _ignored, ...values } = form.values;
    const parsed = form.parse(resellerRequestFormSchema, {
      ...values,
      products: PLAN_TYPES.filter((type) => products.includes(type)),
      monthlyVolume: values.monthlyVolume || undefined,
      channel: values.channel || undefined,
    });
    if (!parsed) return;
    apply.mutate(parsed, {
      onSuccess: () => void notify('success', applyForReseller.message),
      onError: (error) => form.fail(answersErrors(error)),
    });
  };

  return (
    <Card>
      <CardHeader
        title="Apply to the reseller programme"
        description="Tell us about your business; we answer within two working days, by email and on this page."
      />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Reseller application" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label="Company or brand" autoComplete="organization" maxLength={120} {...form.field('company')} />
            <Input
              label="Website (optional)"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={300}
              {...form.field('website')}
            />
          </div>
          <fieldset aria-describedby={form.errors.products ? 'products-error' : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
              Products you want to sell
            </legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {PLAN_TYPES.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input
                    type="checkbox"
                    name="products"
                    value={type}
                    checked={products.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                    className="size-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
                  />
                  {PRODUCT_LABELS[type]}
                </label>
              ))}
            </div>
            {form.errors.products && (
              <p id="products-error" className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                {form.errors.products}
              </p>
            )}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Select label="Monthly volume" {...form.field('monthlyVolume')}>
              <option value="">Choose a volume</option>
              {MONTHLY_VOLUMES.map((volume) => (
                <option key={volume} value={volume}>
                  {VOLUME_LABELS[volume]}
                </option>
              ))}
            </Select>
            <Select label="How you sell" {...form.field('channel')}>
              <option value="">Choose a sales channel</option>
              {SALES_CHANNELS.map((channel) => (
                <option key={channel} value={channel}>
                  {CHANNEL_LABELS[channel]}
                </option>
              ))}
            </Select>
          </div>
          <Textarea
            label="About your customers"
            rows={5}
            maxLength={2000}
            hint="Who buys from you, what they use proxies for, and how you reach them."
            {...form.field('message')}
          />
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="flex justify-end">
            <Button type="submit" disabled={apply.isPending}>
              {apply.isPending && <Spinner label="Sending" className="[&_svg]:text-white" />}
              Send application
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

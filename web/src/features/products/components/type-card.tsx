import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Server } from 'lucide-react';
import type { TypeSummary } from '@tollgate/contract/admin/products';
import { LIST_FORMATS } from '@tollgate/contract/proxies/proxies';
import { TYPE_BACKENDS, typeConfigSchema, type TypeBackend } from '@tollgate/contract/plans/product-types';
import { Alert } from '#components/ui/alert.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { Textarea } from '#components/ui/textarea.tsx';
import { formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveTypeConfig } from '../api/products.ts';
import { BACKEND_HINTS, BACKEND_LABELS, FORMAT_LABELS, OWN_SERVERS_PATH, TYPE_NAMES } from './labels.ts';

type Format = (typeof LIST_FORMATS)[number];

const valuesOf = (t: TypeSummary) => ({
  displayName: t.displayName,
  description: t.description,
  enabled: String(t.enabled),
  backend: t.backend as string,
  formats: t.formats.join(','),
});

function ExitsSummary({ type }: { type: TypeSummary }) {
  const { count, countries, anyCountry } = type.exits;
  const where = anyCountry
    ? 'every country'
    : countries.length === 0
      ? 'no country'
      : countries.length <= 8
        ? countries.join(', ')
        : `${countries.slice(0, 8).join(', ')} and ${formatNumber(countries.length - 8)} more`;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-800 dark:bg-slate-950/40">
      <p className="flex items-center gap-2 font-medium text-slate-900 dark:text-white">
        <Server className="size-4 text-slate-500" aria-hidden="true" />
        Built-in gateway exits
      </p>
      <p className="mt-1 text-slate-600 dark:text-slate-300" data-testid={`exits-${type.type}`}>
        {count === 0
          ? 'No exit serves this type: the gateway cannot deliver its plans.'
          : `${formatNumber(count)} ${count === 1 ? 'exit' : 'exits'} serving ${where}.`}{' '}
        <Link
          to={OWN_SERVERS_PATH}
          className="font-medium text-brand-700 underline hover:text-brand-800 dark:text-brand-300"
        >
          Edit in Own servers
        </Link>
      </p>
    </div>
  );
}

/** One proxy type as the shop sells it: edited and saved on its own. */
export function TypeCard({ type, upstreamConfigured }: { type: TypeSummary; upstreamConfigured: boolean }) {
  const form = useForm(valuesOf(type));
  const save = useSaveTypeConfig(type.type);
  const { values } = form;
  const formats = values.formats ? (values.formats.split(',') as Format[]) : [];
  const enabled = values.enabled === 'true';
  const changed = JSON.stringify(values) !== JSON.stringify(valuesOf(type));
  const name = TYPE_NAMES[type.type];

  const toggleFormat = (format: Format, on: boolean) => {
    const next = LIST_FORMATS.filter((f) => (f === format ? on : formats.includes(f)));
    form.setValues((current) => ({ ...current, formats: next.join(',') }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(typeConfigSchema, {
      displayName: values.displayName,
      description: values.description,
      enabled,
      backend: values.backend,
      formats,
    });
    if (!parsed) return;
    save.mutate(parsed, {
      onSuccess: (saved) => {
        const now = saved.types.find((t) => t.type === type.type);
        if (now) form.setValues(valuesOf(now));
        notify('success', `${parsed.displayName} saved`);
      },
      onError: form.fail,
    });
  };

  return (
    <Card data-testid={`type-${type.type}`}>
      <CardHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {values.displayName || name}
            <span data-testid={`sale-${type.type}`}>
              <Badge tone={type.enabled ? 'success' : 'neutral'}>{type.enabled ? 'On sale' : 'Off sale'}</Badge>
            </span>
          </span>
        }
        description={`${values.displayName.trim() === name ? '' : `${name} · `}${formatNumber(type.plans.total)} ${type.plans.total === 1 ? 'plan' : 'plans'}, ${formatNumber(type.plans.onSale)} shown, ${formatNumber(type.plans.upstream)} resold`}
      />
      <CardBody>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label={`${name} settings`}>
          <Switch
            label="On sale"
            description={
              enabled
                ? 'Customers see and buy its plans.'
                : 'Its plans leave the catalogue and cannot be bought or renewed; running plans keep working until they end.'
            }
            checked={enabled}
            onChange={(on) => form.setValues((current) => ({ ...current, enabled: String(on) }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input label="Display name" maxLength={40} {...form.field('displayName')} />
            <Select label="Delivered by" hint={BACKEND_HINTS[values.backend as TypeBackend]} {...form.field('backend')}>
              {TYPE_BACKENDS.map((backend) => (
                <option key={backend} value={backend} disabled={backend === 'upstream' && !upstreamConfigured}>
                  {BACKEND_LABELS[backend]}
                  {backend === 'upstream' && !upstreamConfigured ? ' (not connected)' : ''}
                </option>
              ))}
            </Select>
          </div>
          <Textarea label="Description shown to customers" rows={3} maxLength={500} {...form.field('description')} />
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
              List formats in the generator
            </legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {LIST_FORMATS.map((format) => {
                const id = `format-${type.type}-${format}`;
                return (
                  <label
                    key={format}
                    htmlFor={id}
                    className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300"
                  >
                    <input
                      id={id}
                      type="checkbox"
                      checked={formats.includes(format)}
                      onChange={(event) => toggleFormat(format, event.target.checked)}
                      className="size-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
                    />
                    {FORMAT_LABELS[format]}
                  </label>
                );
              })}
            </div>
            {form.errors.formats && (
              <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{form.errors.formats}</p>
            )}
          </fieldset>
          <ExitsSummary type={type} />
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending || !changed}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save {name}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

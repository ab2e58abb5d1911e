import type { FormEvent } from 'react';
import { ListPlus, Save } from 'lucide-react';
import { generator, MAX_LIST_COUNT, PORT_TYPES } from '@tollgate/contract/proxies/proxies';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { describeError, errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useGenerateList, type GeneratorData } from '../api/generator.ts';
import { useLocationCascade } from '../api/locations.ts';
import { useUpdateProxyConfig } from '../api/proxy-config.ts';
import { CONFIG_SAVED, defaultsBody, describeDefaults, savedTargeting } from '../utils/default-settings.ts';
import { useLeaveExpiredPlan } from '../utils/plan-expired.ts';
import type { ProxyList } from '../utils/proxy-lines.ts';
import {
  COUNT_ERROR,
  LIFETIME_ERROR,
  LIST_FORMAT_LABELS,
  PORT_TYPE_LABELS,
  type ListFormat,
  type PortType,
  type SessionType,
} from '../utils/labels.ts';
import { CarrierSelect } from './carrier-select.tsx';
import { CodeSnippetsCard } from './code-snippets-card.tsx';
import { LocationFields } from './location-fields.tsx';
import { RotationLinkCard, stickySessionOf } from './rotation-link-card.tsx';
import { ProxyListOutput } from './proxy-list-output.tsx';
import { SegmentedControl } from './segmented-control.tsx';
import { SessionFields } from './session-fields.tsx';

const querySchema = generator.query!;
/** The server's defaults: the list the page opens with was generated with exactly these. */
export const DEFAULT_LIST_QUERY = querySchema.parse({});
const FRIENDLY: Record<string, string> = { count: COUNT_ERROR, lifetime: LIFETIME_ERROR };

/**
 * The one place to choose location and session: it opens on the plan's saved defaults, generates
 * lines that name the choice, and can save the choice as the default for connections whose
 * username names nothing. Lines generated before a password rotation are dropped for the page's
 * fresh default list, since they carry the old password.
 */
export function ListBuilder({ subscriptionId, data }: { subscriptionId: string; data: GeneratorData }) {
  const type = data.subscription.type;
  const form = useForm({
    porttype: DEFAULT_LIST_QUERY.porttype as string,
    ...savedTargeting(data.config, type),
    count: String(DEFAULT_LIST_QUERY.count),
    // The plan's type offers these formats (Product manage); the page opened on the first.
    format: data.format as string,
  });
  const { values } = form;
  const cascade = useLocationCascade(subscriptionId, values.country, values.state);
  const list = useGenerateList(subscriptionId);
  const saveDefaults = useUpdateProxyConfig(subscriptionId);
  const leaveExpired = useLeaveExpiredPlan();
  const sticky = values.session === 'sticky';
  const set = (key: keyof typeof values) => (value: string) =>
    form.setValues((current) => ({ ...current, [key]: value }));

  const fresh = list.data && list.variables && list.data.password === data.password;
  const result: ProxyList = fresh
    ? {
        lines: list.data.lines,
        format: list.variables.format as ListFormat,
        porttype: list.variables.porttype as PortType,
      }
    : { lines: data.lines, format: data.format, porttype: DEFAULT_LIST_QUERY.porttype };

  const rotating = stickySessionOf(result.lines);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = querySchema.safeParse({
      porttype: values.porttype,
      country: values.country,
      state: values.state,
      city: values.city,
      isp: values.isp,
      session: values.session,
      lifetime: sticky ? values.lifetime.trim() || undefined : undefined,
      count: values.count.trim(),
      format: values.format,
    });
    if (!parsed.success) {
      form.invalid(
        parsed.error.issues.map((issue) => ({ ...issue, message: FRIENDLY[String(issue.path[0])] ?? issue.message })),
      );
      return;
    }
    form.clear();
    const { lifetime, ...query } = parsed.data;
    list.mutate(sticky ? { ...query, lifetime } : query, {
      onError: (error) => {
        if (leaveExpired(error)) return;
        // Field details land under the inputs that have an error line; the rest above the button.
        const { form: message, fields } = describeError(error, ['lifetime', 'count']);
        form.report(message, fields);
      },
    });
  };

  const saveAsDefault = () => {
    const checked = defaultsBody(values, type);
    if (!checked.ok) {
      form.report(checked.message, checked.field ? { lifetime: LIFETIME_ERROR } : {});
      return;
    }
    form.clear();
    saveDefaults.mutate(checked.body, {
      onSuccess: () => void notify('success', CONFIG_SAVED),
      // Spec §8: a refused update shows the server's own message.
      onError: (error) => void (leaveExpired(error) || notify('error', errorMessage(error))),
    });
  };

  return (
    <>
      <Card>
        <CardHeader
          title="Proxy list builder"
          description="Generate lines that name your choice, or save it as the default for connections whose username names none."
        />
        <CardBody>
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Proxy list builder">
            <SegmentedControl
              legend="Port type"
              options={PORT_TYPES}
              labels={PORT_TYPE_LABELS}
              value={values.porttype as PortType}
              onChange={set('porttype')}
            />
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="country-rule">
              {describeDefaults(data.config, data.subscription)}
            </p>
            <LocationFields
              cascade={cascade}
              value={values}
              onChange={(location) =>
                // Carriers belong to a country: a new country starts from any carrier.
                form.setValues((current) => ({
                  ...current,
                  ...location,
                  carrier: location.country === current.country ? current.carrier : '',
                }))
              }
            />
            {type === 'mobile' && (
              <CarrierSelect cascade={cascade} field={form.field('carrier')} country={values.country} />
            )}
            <SessionFields
              session={values.session as SessionType}
              onSession={set('session')}
              lifetime={form.field('lifetime')}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <Input
                label="Number of proxies"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_LIST_COUNT}
                step={1}
                {...form.field('count')}
              />
              <Select label="Format" {...form.field('format')}>
                {data.formats.map((format) => (
                  <option key={format} value={format}>
                    {LIST_FORMAT_LABELS[format]}
                  </option>
                ))}
              </Select>
            </div>
            {form.formError && <Alert>{form.formError}</Alert>}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" onClick={saveAsDefault} disabled={saveDefaults.isPending}>
                {saveDefaults.isPending ? <Spinner label="Saving" /> : <Save className="size-4" aria-hidden="true" />}
                Save as default
              </Button>
              <Button type="submit" disabled={list.isPending}>
                {list.isPending ? (
                  <Spinner label="Generating" className="[&_svg]:text-white" />
                ) : (
                  <ListPlus className="size-4" aria-hidden="true" />
                )}
                Generate
              </Button>
            </div>
          </form>
        </CardBody>
      </Card>
      <ProxyListOutput list={result} busy={list.isPending} />
      {rotating && <RotationLinkCard subscriptionId={subscriptionId} session={rotating} />}
      <CodeSnippetsCard list={result} data={data} />
    </>
  );
}

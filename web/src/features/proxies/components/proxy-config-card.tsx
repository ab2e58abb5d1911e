import type { FormEvent } from 'react';
import { Save } from 'lucide-react';
import { DEFAULT_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { updateProxyConfig, type ProxyConfig } from '@tollgate/contract/proxies/proxies';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useLocationCascade } from '../api/locations.ts';
import { useUpdateProxyConfig, type ProxyConfigBody } from '../api/proxy-config.ts';
import { LIFETIME_ERROR, type SessionType } from '../utils/labels.ts';
import { useLeaveExpiredPlan } from '../utils/plan-expired.ts';
import { LocationFields } from './location-fields.tsx';
import { SessionFields } from './session-fields.tsx';

/** Spec §8 success toast. */
export const CONFIG_SAVED = 'Updated Successfully';

type SettingsKey = 'residentialSettings' | 'mobileSettings' | 'ipv6Settings';
/** The session defaults that apply to a plan type; thread plans (ISP, datacenter) have none. */
const SETTINGS_KEY: Partial<Record<Subscription['type'], SettingsKey>> = {
  residential: 'residentialSettings',
  mobile: 'mobileSettings',
  ipv6: 'ipv6Settings',
};

const bodySchema = updateProxyConfig.body!;

/** Default geography and session behaviour for connections whose username does not say. */
export function ProxyConfigCard({
  subscriptionId,
  type,
  config,
}: {
  subscriptionId: string;
  type: Subscription['type'];
  config: ProxyConfig;
}) {
  const settingsKey = SETTINGS_KEY[type];
  const settings = settingsKey ? config[settingsKey] : {};
  const form = useForm({
    country: config.geoRegion ?? '',
    state: '',
    city: config.city ?? '',
    isp: config.isp ?? '',
    session: settings.session ?? 'rotating',
    lifetime: String(settings.lifetime ?? DEFAULT_SESSION_LIFETIME),
    carrier: settings.carrier ?? '',
  });
  const { values } = form;
  const cascade = useLocationCascade(subscriptionId, values.country, values.state);
  const save = useUpdateProxyConfig(subscriptionId);
  const leaveExpired = useLeaveExpiredPlan();
  const sticky = values.session === 'sticky';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ProxyConfigBody = {
      geoRegion: values.country || null,
      city: values.city || null,
      isp: values.isp || null,
    };
    if (settingsKey)
      body[settingsKey] = {
        session: values.session as SessionType,
        // Empty keeps the server's default lifetime.
        lifetime: sticky && values.lifetime.trim() ? Number(values.lifetime) : undefined,
        carrier: type === 'mobile' ? values.carrier || undefined : undefined,
      };
    const parsed = bodySchema.safeParse(body);
    if (!parsed.success) {
      const lifetime = parsed.error.issues.some((issue) => issue.path.includes('lifetime'));
      if (lifetime) form.report(undefined, { lifetime: LIFETIME_ERROR });
      else form.report(parsed.error.issues[0]?.message);
      return;
    }
    form.clear();
    save.mutate(body, {
      onSuccess: () => void notify('success', CONFIG_SAVED),
      onError: (error) => {
        if (leaveExpired(error)) return;
        // Spec §8: a refused update shows the server's own message.
        void notify('error', errorMessage(error));
      },
    });
  };

  return (
    <Card>
      <CardHeader
        title="Proxy settings"
        description="Defaults for connections whose username names no location or session."
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label="Proxy settings">
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
            <Select
              label="Carrier"
              {...form.field('carrier')}
              disabled={!values.country && !values.carrier}
              hint={values.country ? undefined : 'Choose a country first'}
            >
              <option value="">Any carrier</option>
              {values.carrier && !cascade.carriers.includes(values.carrier) && (
                <option value={values.carrier}>{values.carrier}</option>
              )}
              {cascade.carriers.map((carrier) => (
                <option key={carrier} value={carrier}>
                  {carrier}
                </option>
              ))}
            </Select>
          )}
          {settingsKey && (
            <SessionFields
              session={values.session as SessionType}
              onSession={(session) => form.setValues((current) => ({ ...current, session }))}
              lifetime={form.field('lifetime')}
            />
          )}
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <Spinner label="Saving" className="[&_svg]:text-white" />
              ) : (
                <Save className="size-4" aria-hidden="true" />
              )}
              Save settings
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

import { DEFAULT_SESSION_LIFETIME } from '@tollgate/contract/proxies/proxy-username';
import { updateProxyConfig, type ProxyConfig } from '@tollgate/contract/proxies/proxies';
import type { Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { isCountryLocked } from '@tollgate/contract/proxies/countries';
import { formatCountry } from '#lib/format.ts';
import type { ProxyConfigBody } from '../api/proxy-config.ts';
import { SESSION_LABELS, type SessionType } from './labels.ts';

type SettingsKey = 'residentialSettings' | 'mobileSettings' | 'ipv6Settings';
/** The session defaults that apply to a plan type; thread plans (ISP, datacenter) have none. */
export const SETTINGS_KEY: Partial<Record<Subscription['type'], SettingsKey>> = {
  residential: 'residentialSettings',
  mobile: 'mobileSettings',
  ipv6: 'ipv6Settings',
};

/** Spec §8 success toast. */
export const CONFIG_SAVED = 'Updated Successfully';

export interface TargetingValues {
  country: string;
  state: string;
  city: string;
  isp: string;
  carrier: string;
  session: string;
  lifetime: string;
}

/** The builder opens on the saved defaults, so what the page lists and what it would save agree. */
export function savedTargeting(config: ProxyConfig, type: Subscription['type']): TargetingValues {
  const key = SETTINGS_KEY[type];
  const settings = key ? config[key] : {};
  return {
    country: config.geoRegion ?? '',
    state: '',
    city: config.city ?? '',
    isp: config.isp ?? '',
    carrier: settings.carrier ?? '',
    session: settings.session ?? 'rotating',
    lifetime: String(settings.lifetime ?? DEFAULT_SESSION_LIFETIME),
  };
}

/**
 * Where connections whose username names nothing go, as one sentence: the saved default, else the
 * purchase country for pools (the gateway's order, ADR 018); a static plan names its only country.
 */
export function describeDefaults(config: ProxyConfig, subscription: Pick<Subscription, 'type' | 'country'>): string {
  const code = /^[a-z]{2}$/i.test(subscription.country) ? subscription.country.toUpperCase() : null;
  const purchase = code ? formatCountry(code) : 'any country';
  if (code && isCountryLocked(subscription.type))
    return `This plan exits in ${purchase} only: static addresses stay where they were bought.`;
  const saved = savedTargeting(config, subscription.type);
  const country = saved.country ? formatCountry(saved.country.toUpperCase()) : purchase;
  const session = SETTINGS_KEY[subscription.type]
    ? saved.session === 'sticky'
      ? `sticky ${saved.lifetime} min`
      : SESSION_LABELS[saved.session as SessionType].toLowerCase()
    : null;
  const where = [country, saved.city, saved.isp, session].filter(Boolean).join(' · ');
  return `Without targeting in the username, connections go to: ${where}. Choose below and save as default to change it.`;
}

type BodyResult = { ok: true; body: ProxyConfigBody } | { ok: false; field?: 'lifetime'; message?: string };

/** The proxy config body for "Save as default", checked with the contract's own schema. */
export function defaultsBody(values: TargetingValues, type: Subscription['type']): BodyResult {
  const key = SETTINGS_KEY[type];
  const sticky = values.session === 'sticky';
  const body: ProxyConfigBody = {
    geoRegion: values.country || null,
    city: values.city || null,
    isp: values.isp || null,
  };
  if (key)
    body[key] = {
      session: values.session as SessionType,
      // Empty keeps the server's default lifetime.
      lifetime: sticky && values.lifetime.trim() ? Number(values.lifetime) : undefined,
      carrier: type === 'mobile' ? values.carrier || undefined : undefined,
    };
  const parsed = updateProxyConfig.body!.safeParse(body);
  if (parsed.success) return { ok: true, body };
  if (parsed.error.issues.some((issue) => issue.path.includes('lifetime'))) return { ok: false, field: 'lifetime' };
  return { ok: false, message: parsed.error.issues[0]?.message };
}

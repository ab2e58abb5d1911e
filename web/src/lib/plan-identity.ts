import { BYTES_PER_GB, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import { formatBytes, formatDate, formatNumber } from './format.ts';

type Identified = Pick<Subscription, 'id' | 'planTitle' | 'label' | 'proxyUsername' | 'createdAt'>;
type Metered = Pick<Subscription, 'bandwidth' | 'bandwidthUsedBytes' | 'threads'>;

/** `#1A2B3C4D`: the first eight characters of the id, enough to tell one customer's plans apart. */
export const shortPlanId = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;

/** The customer's name for the plan, else the product's. */
export const planName = (s: Pick<Subscription, 'label' | 'planTitle'>) => s.label || s.planTitle;

/** What tells two plans of one product apart: id, proxy username and purchase date. */
export function planFacts(s: Identified): string[] {
  return [
    shortPlanId(s.id),
    s.proxyUsername ? `user ${s.proxyUsername}` : null,
    `bought ${formatDate(s.createdAt)}`,
  ].filter((fact): fact is string => fact !== null);
}

/** GB bought, shown the way bytes are everywhere (`formatBytes`), so 0.4 GB used reads `409.6 MB`. */
export const gbAsBytes = (gb: number) => gb * BYTES_PER_GB;

/** `3 MB of 5 GB used` for bandwidth plans, `10 threads` for thread plans. */
export function usageText(s: Metered): string {
  if (s.bandwidth <= 0 && s.threads > 0) return `${formatNumber(s.threads)} threads`;
  return `${formatBytes(s.bandwidthUsedBytes)} of ${formatBytes(gbAsBytes(s.bandwidth))} used`;
}

/** Bytes left of a bandwidth plan, never below zero. */
export const bytesLeft = (s: Metered) => Math.max(0, gbAsBytes(s.bandwidth) - s.bandwidthUsedBytes);

/** `5 GB` or `10 threads`: what was bought. */
export function planSize(s: Pick<Subscription, 'bandwidth' | 'threads'>): string | null {
  if (s.bandwidth > 0) return `${formatNumber(s.bandwidth)} GB`;
  return s.threads > 0 ? `${formatNumber(s.threads)} threads` : null;
}

/**
 * One line for every place a plan is picked (usage selector, generator, renew dialog):
 * `Scraper EU — Residential Rotating, 5 GB · #1A2B3C4D · user tg_ab12cd · bought Nov 24, 2026`.
 */
export function planOptionLabel(s: Identified & Pick<Subscription, 'bandwidth' | 'threads'>): string {
  const product = [s.planTitle, planSize(s)].filter(Boolean).join(', ');
  return [s.label ? `${s.label} — ${product}` : product, ...planFacts(s)].join(' · ');
}

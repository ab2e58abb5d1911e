import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { MAX_DOLLARS, hasAtMostTwoDecimals } from '../http/money';

/**
 * Usage alerts (issue 18, ADR 034): a threshold on a plan's GB used, on the days a plan has left, or
 * on the balance. Each rule fires once per crossing: per plan term and GB top-up for plan rules, per
 * dip below the threshold for balance rules. Sent by mail, by webhook, or both.
 */
export const ALERT_KINDS = ['bandwidth_percent', 'expiry_days', 'balance_below'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  bandwidth_percent: 'GB used reaches',
  expiry_days: 'Plan ends within',
  balance_below: 'Balance falls below',
};
/** The webhook event each kind sends. */
export const ALERT_EVENT_TYPES: Record<AlertKind, string> = {
  bandwidth_percent: 'alert.bandwidth',
  expiry_days: 'alert.expiry',
  balance_below: 'alert.balance',
};
export const ALERT_RULES_MAX = 20;
export const ALERT_RULES_FULL = `You can keep at most ${ALERT_RULES_MAX} alerts`;
export const UNKNOWN_ALERT = 'Unknown alert';
export const UNKNOWN_PLAN = 'Unknown plan';
export const EXPIRY_DAYS_MAX = 90;

const alertIdParams = z.object({ id: z.uuid(UNKNOWN_ALERT) });

/** Percent (1-100), days (1-90) or dollars, as the kind says. */
function checkThreshold(
  value: { kind?: AlertKind; threshold?: number; subscriptionId?: string | null },
  ctx: z.RefinementCtx,
) {
  const t = value.threshold;
  if (t === undefined || value.kind === undefined) return;
  const problem =
    value.kind === 'bandwidth_percent'
      ? !Number.isInteger(t) || t < 1 || t > 100
        ? 'Choose a percentage from 1 to 100'
        : null
      : value.kind === 'expiry_days'
        ? !Number.isInteger(t) || t < 1 || t > EXPIRY_DAYS_MAX
          ? `Choose from 1 to ${EXPIRY_DAYS_MAX} days`
          : null
        : t < 0.01 || t > MAX_DOLLARS || !hasAtMostTwoDecimals(t)
          ? 'Enter an amount of at least $0.01 with at most two decimals'
          : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['threshold'], message: problem });
  if (value.kind === 'balance_below' && value.subscriptionId)
    ctx.addIssue({ code: 'custom', path: ['subscriptionId'], message: 'A balance alert is not about one plan' });
}

const channels = {
  email: z.boolean({ error: 'Say whether to send a mail' }),
  webhook: z.boolean({ error: 'Say whether to call your webhooks' }),
};

export const alertRuleBodySchema = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: 'Choose what to watch' }),
    threshold: z.number({ error: 'Enter a threshold' }).finite(),
    /** One of my plans, or null for all of them (plan alerts only). */
    subscriptionId: z.uuid(UNKNOWN_PLAN).nullable().default(null),
    ...channels,
  })
  .superRefine(checkThreshold)
  .refine((v) => v.email || v.webhook, { path: ['email'], message: 'Choose mail, webhook or both' });
export type AlertRuleBody = z.input<typeof alertRuleBodySchema>;

export const alertRulePatchSchema = z
  .object({
    threshold: z.number({ error: 'Enter a threshold' }).finite().optional(),
    email: channels.email.optional(),
    webhook: channels.webhook.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' });
export type AlertRulePatch = z.input<typeof alertRulePatchSchema>;
export { checkThreshold as checkAlertThreshold };

export const alertRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** Percent, days or dollars. */
  threshold: z.number(),
  subscriptionId: z.string().nullable(),
  /** The plan's title (and label) when the rule is about one plan. */
  planTitle: z.string().nullable(),
  email: z.boolean(),
  webhook: z.boolean(),
  enabled: z.boolean(),
  createdAt: z.string(),
  lastFiredAt: z.string().nullable(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const myAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/alerts',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'My usage alerts, oldest first, with when each last fired',
  message: 'Alerts',
  payload: z.object({ items: z.array(alertRuleSchema) }),
});

export const createAlert = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/alerts',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: `Add an alert (at most ${ALERT_RULES_MAX}); one already crossed fires at once`,
  message: 'Alert created',
  body: alertRuleBodySchema,
  payload: alertRuleSchema,
  rateLimit: { perMinute: 60 },
});

export const updateAlert = defineEndpoint({
  method: 'PATCH',
  path: '/api/v1/public/alerts/{id}',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Change the threshold or channels of one of my alerts, or switch it off',
  message: 'Alert updated',
  params: alertIdParams,
  body: alertRulePatchSchema,
  payload: alertRuleSchema,
});

export const deleteAlert = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/alerts/{id}',
  roles: CUSTOMERS,
  tag: 'Automation',
  summary: 'Remove one of my alerts',
  message: 'Alert deleted',
  params: alertIdParams,
  payload: z.null(),
});

import { audienceSchema, type Audience, type AudienceKind } from '@tollgate/contract/admin/mail-sender';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';

/** The audience picker's fields, as text while being typed. */
export interface AudienceFields {
  kind: AudienceKind;
  type: PlanType;
  days: string;
  account: string;
}

export const EMPTY_AUDIENCE: AudienceFields = { kind: 'all', type: PLAN_TYPES[0], days: '7', account: '' };

export function audienceFieldsOf(audience: Audience): AudienceFields {
  switch (audience.kind) {
    case 'plan-type':
      return { ...EMPTY_AUDIENCE, kind: audience.kind, type: audience.type };
    case 'expiring':
      return { ...EMPTY_AUDIENCE, kind: audience.kind, days: String(audience.days) };
    case 'account':
      return { ...EMPTY_AUDIENCE, kind: audience.kind, account: audience.account };
    default:
      return EMPTY_AUDIENCE;
  }
}

/** The audience the fields describe, checked by the contract's schema; the first problem otherwise. */
export function audienceOf(fields: AudienceFields): { audience: Audience } | { problem: string } {
  const raw =
    fields.kind === 'plan-type'
      ? { kind: fields.kind, type: fields.type }
      : fields.kind === 'expiring'
        ? { kind: fields.kind, days: fields.days.trim() === '' ? undefined : Number(fields.days) }
        : fields.kind === 'account'
          ? { kind: fields.kind, account: fields.account }
          : { kind: fields.kind };
  const parsed = audienceSchema.safeParse(raw);
  return parsed.success
    ? { audience: parsed.data }
    : { problem: parsed.error.issues[0]?.message ?? 'Check the audience' };
}

export function describeAudience(audience: Audience): string {
  switch (audience.kind) {
    case 'all':
      return 'All customers';
    case 'plan-type':
      return `Active ${PLAN_TYPE_LABELS[audience.type]} plan`;
    case 'expiring':
      return `Plan expires within ${audience.days} ${audience.days === 1 ? 'day' : 'days'}`;
    case 'account':
      return `One account: ${audience.account}`;
  }
}

import { REFERRAL_FAMILIES, type AdminAccount, type ReferralFamily } from '@tollgate/contract/admin/account-page';
import type { EditAccountBody } from '@tollgate/contract/admin/account-actions';

export const PAYMENT_FLAGS = [
  'balancePaymentProcessorEnabled',
  'stripePaymentProcessorEnabled',
  'cryptoPaymentProcessorEnabled',
] as const;
type RateField = `rate_${ReferralFamily}`;
export const rateField = (family: ReferralFamily): RateField => `rate_${family}`;

/** The edit form's text state: switches as 'true'/'false', money and percentages as typed. */
export function editValuesOf(account: AdminAccount) {
  const rates = Object.fromEntries(
    REFERRAL_FAMILIES.map((family) => [rateField(family), String(account.referralRates[family])]),
  ) as Record<RateField, string>;
  return {
    username: account.username,
    email: account.email,
    role: account.role as string,
    balancePaymentProcessorEnabled: String(account.balancePaymentProcessorEnabled),
    stripePaymentProcessorEnabled: String(account.stripePaymentProcessorEnabled),
    cryptoPaymentProcessorEnabled: String(account.cryptoPaymentProcessorEnabled),
    stripeLimit: String(account.stripeLimit),
    message: account.message ?? '',
    ...rates,
    reason: '',
  };
}
export type EditValues = ReturnType<typeof editValuesOf>;
export type EditField = keyof EditValues;

/** A number typed in a field: NaN (refused by the schema) when it is not one. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Only what changed goes to the server, so a save never overwrites a field someone else changed
 * meanwhile and the audit row names exactly what this person changed.
 */
export function changesOf(initial: EditValues, values: EditValues): EditAccountBody {
  const body: EditAccountBody = {};
  if (values.username.trim() !== initial.username) body.username = values.username.trim();
  if (values.email.trim() !== initial.email) body.email = values.email.trim();
  if (values.role !== initial.role) body.role = values.role as NonNullable<EditAccountBody['role']>;
  for (const flag of PAYMENT_FLAGS) if (values[flag] !== initial[flag]) body[flag] = values[flag] === 'true';
  if (numberOf(values.stripeLimit) !== Number(initial.stripeLimit)) body.stripeLimit = numberOf(values.stripeLimit);
  if (values.message.trim() !== initial.message.trim()) body.message = values.message;
  const rates: Partial<Record<ReferralFamily, number>> = {};
  for (const family of REFERRAL_FAMILIES) {
    const key = rateField(family);
    if (numberOf(values[key]) !== Number(initial[key])) rates[family] = numberOf(values[key]);
  }
  if (Object.keys(rates).length > 0) body.referralRates = rates;
  return body;
}

/** The server keeps a reason for changes of role, payment methods or the card limit (and asks for one). */
export const needsReason = (body: EditAccountBody) =>
  body.role !== undefined || body.stripeLimit !== undefined || PAYMENT_FLAGS.some((flag) => body[flag] !== undefined);

/** A zod or server issue path as the form field it belongs to (`referralRates.isp` -> `rate_isp`). */
export function issueField(path: readonly PropertyKey[]): readonly PropertyKey[] {
  const parts = path.map(String);
  const start = parts[0] === 'body' ? 1 : 0;
  if (parts[start] === 'referralRates' && parts[start + 1]) return [`rate_${parts[start + 1]}`];
  return parts.slice(start);
}

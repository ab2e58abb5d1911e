import type { CreateGiftBody } from '@tollgate/contract/growth/gifts';

export type GiftFormValues = Record<
  'code' | 'kind' | 'amount' | 'planId' | 'units' | 'region' | 'quantity' | 'perAccountLimit' | 'expiresAt' | 'note',
  string
>;

export const EMPTY_GIFT: GiftFormValues = {
  code: '',
  kind: 'balance',
  amount: '10',
  planId: '',
  units: '',
  region: '',
  quantity: '1',
  perAccountLimit: '1',
  expiresAt: '',
  note: '',
};

/** A number when the text is one; otherwise the text, so the schema names the field. */
const numberOrText = (text: string) => {
  const t = text.trim();
  if (t === '') return undefined;
  return Number.isFinite(Number(t)) ? Number(t) : t;
};

/** The form's text as the contract reads it; the contract's schema then says what is wrong, by field. */
export function toGiftBody(values: GiftFormValues): CreateGiftBody {
  const balance = values.kind === 'balance';
  return {
    code: values.code.trim(),
    kind: values.kind as CreateGiftBody['kind'],
    ...(balance ? { amount: numberOrText(values.amount) as number } : {}),
    ...(!balance && values.planId ? { planId: values.planId } : {}),
    ...(!balance && values.units.trim() ? { units: numberOrText(values.units) as number } : {}),
    ...(!balance && values.region.trim() ? { region: values.region.trim().toUpperCase() } : {}),
    quantity: numberOrText(values.quantity) as number,
    perAccountLimit: numberOrText(values.perAccountLimit) as number,
    // A date input gives a day: the code works until the end of that day, UTC.
    expiresAt: values.expiresAt ? `${values.expiresAt}T23:59:59Z` : null,
    note: values.note,
  };
}

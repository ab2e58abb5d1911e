import type { Reseller, ResellerTerms } from '@tollgate/contract/admin/resellers';

export type TermsKey = keyof ResellerTerms;
export type ResellerFormValues = Record<TermsKey | 'email' | 'username' | 'reason', string>;

export const PRICE_KEYS = ['resiprice', 'mobileprice', 'dataprice1', 'dataprice7', 'dataprice30', 'ispprice'] as const;
const COUNT_KEYS = ['gbvalue', 'ipv6white', 'datawhite', 'value'] as const;

export const EMPTY_RESELLER: ResellerFormValues = {
  email: '',
  username: '',
  reason: '',
  resiprice: '',
  mobileprice: '',
  dataprice1: '',
  dataprice7: '',
  dataprice30: '',
  ispprice: '',
  gbvalue: '0',
  ipv6white: '10',
  datawhite: '10',
  value: '0',
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function formValuesOf(reseller: Reseller): ResellerFormValues {
  return {
    ...EMPTY_RESELLER,
    email: reseller.email,
    username: reseller.username,
    ...Object.fromEntries([...PRICE_KEYS, ...COUNT_KEYS].map((key) => [key, text(reseller[key])])),
  };
}

/** An empty price means "not offered" (null); an empty count is not a number, so the schema names it. */
const number = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

export function toTerms(values: ResellerFormValues): Record<TermsKey, number | null> {
  return {
    ...(Object.fromEntries(
      PRICE_KEYS.map((key) => [key, values[key].trim() === '' ? null : number(values[key])]),
    ) as Record<(typeof PRICE_KEYS)[number], number | null>),
    ...(Object.fromEntries(COUNT_KEYS.map((key) => [key, number(values[key])])) as Record<
      (typeof COUNT_KEYS)[number],
      number
    >),
  };
}

import { hasAtMostTwoDecimals } from '@tollgate/contract/http/money';

/** One row of the tier editor, kept as typed so half-written numbers ("3.") survive re-renders. */
export interface TierRow {
  value: string;
  price: string;
}

const asNumber = (text: string): number | string => {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

/** Rows to the plan's text form `[{"value":1,"price":3.5}]`; fully blank rows are left out. */
export function textFromRows(rows: readonly TierRow[]): string {
  const filled = rows.filter((row) => row.value.trim() !== '' || row.price.trim() !== '');
  if (filled.length === 0) return '';
  return JSON.stringify(filled.map((row) => ({ value: asNumber(row.value), price: asNumber(row.price) })));
}

/** The text back to rows; `null` when it is not a JSON list of objects (the raw text is then edited as is). */
export function rowsFromText(text: string): TierRow[] | null {
  if (!text.trim()) return [];
  try {
    const raw: unknown = JSON.parse(text);
    if (!Array.isArray(raw) || !raw.every((item) => item && typeof item === 'object')) return null;
    return raw.map((item: { value?: unknown; price?: unknown }) => ({
      value: item.value === undefined || item.value === null ? '' : String(item.value),
      price: item.price === undefined || item.price === null ? '' : String(item.price),
    }));
  } catch {
    return null;
  }
}

/** The server's rules for tier text (platform/billing/pricing), checked before saving. */
export function tierTextError(text: string): string | undefined {
  const rows = rowsFromText(text);
  if (rows === null) return 'Use a JSON list of {"value", "price"}';
  const seen = new Set<number>();
  for (const [index, row] of rows.entries()) {
    const value = Number(row.value);
    const price = Number(row.price);
    if (row.value.trim() === '' || !Number.isInteger(value) || value < 1) {
      return `Tier ${index + 1}: "from" must be a whole number of at least 1`;
    }
    if (row.price.trim() === '' || !Number.isFinite(price) || price < 0 || !hasAtMostTwoDecimals(price)) {
      return `Tier ${index + 1}: the price must be dollars with at most two decimals`;
    }
    if (seen.has(value)) return `Two tiers start at ${value}`;
    seen.add(value);
  }
  return undefined;
}

import type { SaleUnit } from '#lib/price-tiers.ts';

/**
 * Spec §5: `region` only when it is a non-blank string, `additionalField` only when it is a number.
 * Fields the chosen plan does not use are left out, so the server's defaults apply. A typed amount
 * that is not a number is sent as the text, so the contract schema reports it on its field.
 */
export function giftBody(
  values: { plan: string; region: string; additionalField: string },
  plan: { regions: boolean; unit: SaleUnit },
): Record<string, unknown> {
  const body: Record<string, unknown> = { plan: values.plan };
  const region = values.region.trim();
  if (plan.regions && region) body.region = region;
  const amount = values.additionalField.trim();
  if (plan.unit !== 'package' && amount) {
    const number = Number(amount);
    body.additionalField = Number.isFinite(number) ? number : amount;
  }
  return body;
}

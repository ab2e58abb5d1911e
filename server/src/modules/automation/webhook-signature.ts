import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe-style signatures for customer webhooks (ADR 034): `t=<unix seconds>,v1=<hex>` where the hex
 * is HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`. The timestamp is signed, so a
 * receiver that refuses old timestamps also refuses replays.
 */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** What a receiver does: parse the header, recompute, compare in constant time, check the age. */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  options: { toleranceS?: number; now?: number } = {},
): boolean {
  if (!header) return false;
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isSafeInteger(t) || !given) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceS ?? 300)) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

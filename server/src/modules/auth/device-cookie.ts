import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '#platform/http/cookies.ts';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", ADR 047): a browser
 * that signed in to an account with its password carries a token naming that account, so its own
 * failed attempts are throttled apart from everyone else's and no stranger can lock its owner out.
 * The token is `<account id>.<nonce>.<mac>`; one cookie holds the tokens of the last few accounts
 * the browser signed in to. Nothing is stored server-side: the MAC says the shop issued it.
 */
export const DEVICE_COOKIE = 'tg_device';
const DAYS = 365;
const KEEP = 5;
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

export interface DeviceCookies {
  /** The device nonce this browser holds for the account, when its token is ours and intact. */
  deviceFor(cookieHeader: string | undefined, accountId: string): string | null;
  /** The accounts this browser has signed in to with a password (intact tokens only). */
  accountsOn(cookieHeader: string | undefined): string[];
  /** The cookie to set after a password sign-in: this account's token first, others kept. */
  issue(cookieHeader: string | undefined, accountId: string): string;
}

export function createDeviceCookies({ secret, secure }: { secret: string; secure: boolean }): DeviceCookies {
  const key = createHmac('sha256', secret).update('device-cookie').digest();
  const mac = (accountId: string, nonce: string) =>
    createHmac('sha256', key).update(`${accountId}.${nonce}`).digest('base64url').slice(0, 22);

  function tokens(cookieHeader: string | undefined): { accountId: string; nonce: string; raw: string }[] {
    const value = readCookie(cookieHeader, DEVICE_COOKIE);
    if (!value || value.length > 1_000) return [];
    return value.split('~').flatMap((raw) => {
      const match = TOKEN.exec(raw);
      if (!match) return [];
      const [, accountId, nonce, given] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(mac(accountId, nonce));
      const ok = expected.length === given.length && timingSafeEqual(expected, Buffer.from(given));
      return ok ? [{ accountId, nonce, raw }] : [];
    });
  }

  return {
    deviceFor: (cookieHeader, accountId) => tokens(cookieHeader).find((t) => t.accountId === accountId)?.nonce ?? null,

    accountsOn: (cookieHeader) => tokens(cookieHeader).map((t) => t.accountId),

    issue(cookieHeader, accountId) {
      const held = tokens(cookieHeader);
      const kept = held.filter((t) => t.accountId !== accountId);
      // The same device keeps its nonce, so its back-off bucket stays its own across sign-ins.
      const nonce = held.find((t) => t.accountId === accountId)?.nonce ?? randomBytes(12).toString('base64url');
      const value = [`${accountId}.${nonce}.${mac(accountId, nonce)}`, ...kept.map((t) => t.raw)]
        .slice(0, KEEP)
        .join('~');
      // Only the sign-in call reads it, so it travels with nothing else.
      return `${DEVICE_COOKIE}=${value}; Path=/api/v1/auth; Max-Age=${DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

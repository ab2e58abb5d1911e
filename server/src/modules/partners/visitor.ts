import { createHmac } from 'node:crypto';
import { PARTNER_COOKIE, PARTNER_COOKIE_DAYS } from '@tollgate/contract/growth/partners';
import { readCookie } from '#platform/http/cookies.ts';

/**
 * Crawlers, link previews, uptime checks and scripted clients: their requests are not visitors.
 * Most never run the page's script at all; these are the ones that do, or that call the API.
 */
const BOT =
  /bot|crawl|spider|slurp|preview|fetch|monitor|headless|lighthouse|pagespeed|curl|wget|python|httpclient|axios|node-fetch|go-http|java\/|okhttp|phantom|selenium|puppeteer|playwright/i;

export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || userAgent.length < 20 || BOT.test(userAgent);
}

const KEY = /^[a-f0-9]{32}$/;
export const isVisitorKey = (value: string | null | undefined): value is string => !!value && KEY.test(value);

/** The visitor id the first-party cookie holds, if it is one of ours. */
export function visitorFromCookie(cookieHeader: string | undefined): string | null {
  const value = readCookie(cookieHeader, PARTNER_COOKIE);
  return value && KEY.test(value) ? value : null;
}

/**
 * A visitor without the cookie gets an id derived from their address, browser and the day, so a
 * reload that also arrives without it (cookies off) is still the same visitor that day; the cookie
 * then carries that id, so later visits are the same visitor too.
 */
export function derivedVisitor(secret: string, ip: string, userAgent: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return createHmac('sha256', secret).update(`partner-visit|${ip}|${userAgent}|${day}`).digest('hex').slice(0, 32);
}

export function visitorCookie(key: string, secure: boolean): string {
  const maxAge = PARTNER_COOKIE_DAYS * 86_400;
  return `${PARTNER_COOKIE}=${key}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

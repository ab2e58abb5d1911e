import {
  EXTENSION_PRICE_KEYS,
  PLAIN_TEXT_SETTINGS,
  SETTING_VALUE_SCHEMAS,
  type SettingsKey,
} from '@tollgate/contract/admin/settings';
import { controlCharacterPath } from '@tollgate/contract/http/text';

/**
 * Settings travel as text (spec §3) and are stored as JSON in `settings.value`, in one canonical
 * form: the value its schema parsed (a list or object for the structured keys, a string for the
 * Copyright line, a number of dollars for the extension prices). Older rows may still hold the
 * structured keys as JSON text (the first demo seed did); every reader accepts both, and the
 * editor shows both the same way.
 */
const PLAIN: ReadonlySet<SettingsKey> = new Set(PLAIN_TEXT_SETTINGS);
const DOLLARS: ReadonlySet<SettingsKey> = new Set(EXTENSION_PRICE_KEYS);

/** The text an editor shows for a stored value; '' when the key is unset. */
export function textOfStored(stored: unknown): string {
  if (stored === undefined || stored === null) return '';
  if (typeof stored === 'string') return stored;
  if (typeof stored === 'number') return String(stored);
  return JSON.stringify(stored);
}

export type ReadText = { ok: true; value: unknown } | { ok: false; problem: string };

/** A dollar amount as an operator types it: `8`, `8.50`, `$8.50`. */
const DOLLAR_TEXT = /^\$?\d{1,9}(\.\d+)?$/;

/**
 * Reads one key's text into its canonical value, or says what is wrong in a sentence that names
 * the key (`FAQ: item 2: Question is required`). Strings inside JSON are checked for control
 * characters again: `\u0000` written as an escape passes the request's own check as six harmless
 * characters and only becomes a NUL here.
 */
export function readSettingText(key: SettingsKey, text: string): ReadText {
  let raw: unknown;
  if (PLAIN.has(key)) raw = text;
  else if (DOLLARS.has(key)) {
    const typed = text.trim();
    if (!DOLLAR_TEXT.test(typed)) return { ok: false, problem: `${key}: enter a price in dollars, like 8 or 8.50` };
    raw = Number(typed.replace('$', ''));
  } else {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { ok: false, problem: `${key} is not valid JSON (${(error as Error).message})` };
    }
    const bad = controlCharacterPath(raw);
    if (bad) return { ok: false, problem: `${key}: ${pathText(bad, '')}contains a control character` };
  }
  const parsed = SETTING_VALUE_SCHEMAS[key].safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const sentence = `${pathText(issue.path, issue.message)}${issue.message}`;
  // Copyright's own messages start with its name already.
  return { ok: false, problem: sentence.startsWith(key) ? sentence : `${key}: ${sentence}` };
}

/**
 * Where in the value a problem is, for people: `exits item 3: bind: `. A last field the message
 * already names is left out (`item 2: Question is required`, not `item 2: question: Question ...`).
 */
function pathText(path: readonly PropertyKey[], message: string): string {
  const parts: string[] = [];
  const isIndex = (segment: PropertyKey | undefined) => typeof segment === 'number' || /^\d+$/.test(String(segment));
  path.forEach((segment, i) => {
    if (!isIndex(segment)) return void parts.push(String(segment));
    // `exits item 3`: an item is named after the list it is in.
    const owner = i > 0 && !isIndex(path[i - 1]) ? `${parts.pop()} ` : '';
    parts.push(`${owner}item ${Number(segment) + 1}`);
  });
  const last = path[path.length - 1];
  const word = typeof last === 'string' ? last.replace(/\W/g, '') : '';
  const named = word !== '' && new RegExp(`\\b${word}\\b`, 'i').test(message);
  if (named && !/^\d+$/.test(word)) parts.pop();
  return parts.map((p) => `${p}: `).join('');
}

/** JSON with object keys sorted, so two values compare equal whatever order jsonb kept their keys in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Whether two parsed values are the same, whatever the order of their keys. */
export const sameValue = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** A stored value as its schema reads it (older rows hold JSON text), for comparison only. */
function storedAsValue(key: SettingsKey, stored: unknown): unknown {
  if (typeof stored !== 'string' || PLAIN.has(key)) return stored;
  const read = readSettingText(key, stored);
  return read.ok ? read.value : stored;
}

/** Whether saving `next` (null: reset) would change what is stored. */
export function sameSetting(key: SettingsKey, stored: unknown, next: unknown): boolean {
  if (stored === undefined || stored === null) return next === null;
  if (next === null) return false;
  return canonicalJson(storedAsValue(key, stored)) === canonicalJson(next);
}

/**
 * Upstream proxies carry their passwords in the URL; the audit log keeps who changed which exit,
 * not the secrets (anyone who may read the log may not necessarily use the proxies).
 */
export function forAudit(key: SettingsKey, value: unknown): unknown {
  if (key !== 'OwnServers' || value === null || value === undefined) return value ?? null;
  const hide = (v: unknown): unknown => {
    if (typeof v === 'string' && /^(https?|socks5?):\/\/[^/@]*:[^/@]*@/i.test(v)) {
      try {
        const url = new URL(v);
        if (url.password) url.password = '***';
        return url.toString().replace(/\/$/, '');
      } catch {
        return v;
      }
    }
    if (Array.isArray(v)) return v.map(hide);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, hide(item)]));
    return v;
  };
  return hide(typeof value === 'string' ? storedAsValue(key, value) : value);
}

import type { z } from 'zod';
import type { SettingsKey } from '@tollgate/contract/admin/settings';

/** Field errors by path (`0.question`, `exits.3.bind`); the first issue per path wins. */
export type IssueMap = Record<string, string>;

export function issueMap(result: z.ZodSafeParseResult<unknown>): IssueMap {
  const map: IssueMap = {};
  if (result.success) return map;
  for (const issue of result.error.issues) map[issue.path.map(String).join('.')] ??= issue.message;
  return map;
}

/**
 * A structured setting's text read with its schema: '' (never saved, or cleared) is the shop's
 * default; text that no longer fits is reported so the editor can say saving replaces it.
 */
export function readSetting<S extends z.ZodType>(
  text: string | undefined,
  schema: S,
  fallback: z.output<S>,
): { value: z.output<S>; unreadable: boolean } {
  if (!text || !text.trim()) return { value: fallback, unreadable: false };
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? { value: parsed.data, unreadable: false } : { value: fallback, unreadable: true };
  } catch {
    return { value: fallback, unreadable: true };
  }
}

export type SettingsBody = Partial<Record<SettingsKey, string>>;

/** A fresh id for a new list item (announcements). */
export function newId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** A `datetime-local` value (browser's time zone) to ISO; '' or nonsense is no date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export type WindowState = 'live' | 'scheduled' | 'ended';

/** Where an announcement stands now: both ends of its window are inclusive (contract). */
export function windowState(item: { startsAt: string | null; endsAt: string | null }, now = new Date()): WindowState {
  const at = now.getTime();
  if (item.startsAt && Date.parse(item.startsAt) > at) return 'scheduled';
  if (item.endsAt && Date.parse(item.endsAt) < at) return 'ended';
  return 'live';
}

/** Move one item of a list up (-1) or down (+1); out-of-range moves change nothing. */
export function move<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

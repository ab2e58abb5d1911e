import { z } from 'zod';
import {
  DEFAULT_OWN_SERVERS,
  ownServersSchema,
  proxyExitSchema,
  targetRangeSchema,
  type ProxyExit,
} from '@tollgate/contract/proxies/own-servers';
import { newId, readSetting, type IssueMap } from './setting-values.ts';

export const EXIT_FIELDS = ['type', 'country', 'state', 'city', 'isp', 'bind', 'prefix', 'upstream', 'label'] as const;
export type ExitField = (typeof EXIT_FIELDS)[number];
/** One exit as its inputs hold it; `key` is only for React. */
export type ExitRow = Record<ExitField, string> & { key: string };

export interface OwnServersDraft {
  exits: ExitRow[];
  /** One address or range per line. */
  allowedTargets: string;
  /** Ports separated by commas or spaces. */
  blockedPorts: string;
}

export const blankExit = (): ExitRow => ({
  key: newId(),
  type: '*',
  country: '*',
  state: '',
  city: '',
  isp: '',
  bind: '',
  prefix: '',
  upstream: '',
  label: '',
});

export function draftOf(text: string | undefined): OwnServersDraft {
  const { value } = readSetting(text, ownServersSchema, DEFAULT_OWN_SERVERS);
  const exits = value.exits.length ? value.exits : DEFAULT_OWN_SERVERS.exits;
  return {
    exits: exits.map((exit) => {
      const row = blankExit();
      for (const field of EXIT_FIELDS) row[field] = exit[field] ?? row[field];
      return row;
    }),
    allowedTargets: value.allowedTargets.join('\n'),
    blockedPorts: value.blockedPorts.join(', '),
  };
}

/** The exit as the setting stores it: empty optional fields are left out. */
export function exitInput(row: ExitRow): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of EXIT_FIELDS) {
    const value = row[field].trim();
    if (value) input[field] = value;
  }
  return input;
}

/** One row checked with the contract's schema, as the operator types. */
export function checkExit(row: ExitRow): { exit: ProxyExit | null; issues: IssueMap } {
  const parsed = proxyExitSchema.safeParse(exitInput(row));
  if (parsed.success) return { exit: parsed.data, issues: {} };
  const issues: IssueMap = {};
  for (const issue of parsed.error.issues) issues[String(issue.path[0] ?? '')] ??= issue.message;
  return { exit: null, issues };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function checkTargets(text: string): { targets: string[]; error?: string } {
  const targets = lines(text);
  for (const [index, target] of targets.entries()) {
    const parsed = targetRangeSchema.safeParse(target);
    if (!parsed.success)
      return { targets, error: `“${target}” (line ${index + 1}): use an IP address or a CIDR range` };
  }
  if (targets.length > 256) return { targets, error: 'At most 256 addresses or ranges' };
  return { targets };
}

const portSchema = z.coerce.number().int().min(1).max(65_535);

export function checkPorts(text: string): { ports: number[]; error?: string } {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const ports: number[] = [];
  for (const part of parts) {
    const parsed = /^\d+$/.test(part) ? portSchema.safeParse(part) : null;
    if (!parsed?.success) return { ports, error: `“${part}” is not a port (1 to 65535)` };
    if (!ports.includes(parsed.data)) ports.push(parsed.data);
  }
  if (ports.length > 1000) return { ports, error: 'At most 1,000 ports' };
  return { ports };
}

/** The whole setting, or null when a row, a target or a port is wrong. */
export function ownServersText(draft: OwnServersDraft): string | null {
  const exits = draft.exits.map(checkExit);
  const targets = checkTargets(draft.allowedTargets);
  const ports = checkPorts(draft.blockedPorts);
  if (exits.some((row) => !row.exit) || targets.error || ports.error) return null;
  return JSON.stringify({
    exits: draft.exits.map(exitInput),
    allowedTargets: targets.targets,
    blockedPorts: ports.ports,
  });
}

/** How an exit leaves the gateway, in words. */
export function wayOut(row: ExitRow): string {
  if (row.upstream.trim()) return 'Upstream proxy';
  if (row.prefix.trim()) return `Random address in ${row.prefix.trim()}`;
  if (row.bind.trim()) return `From ${row.bind.trim()}`;
  return 'Direct from the gateway';
}

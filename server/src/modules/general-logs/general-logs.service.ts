import {
  endOfFilter,
  GENERAL_LOGS_MAX_PAGE,
  LOG_RETENTION_DEFAULT_DAYS,
  LOG_RETENTION_KEY,
  LOG_RETENTION_MAX_DAYS,
  LOG_RETENTION_MIN_DAYS,
  type LogRetention,
} from '@tollgate/contract/admin/logs';
import type { ParsedQueryOf } from '@tollgate/contract/endpoint';
import type { adminGeneralLogs } from '@tollgate/contract/admin/logs';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { generalLogsRepository as repo, retentionRepository, type LogFilters } from './general-logs.repository';
import { toLogEntry } from './log-entry.view';

type ListQuery = ParsedQueryOf<typeof adminGeneralLogs>;

const DAY_MS = 86_400_000;
/** Rows a purge deletes per statement: short transactions, so sign-ins never wait behind a purge. */
export const PURGE_BATCH = 5_000;

/** A stored value the screen never wrote (a hand edit) reads as the default, never as a crash. */
const daysOf = (value: unknown) =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= LOG_RETENTION_MIN_DAYS &&
  value <= LOG_RETENTION_MAX_DAYS
    ? value
    : LOG_RETENTION_DEFAULT_DAYS;

export async function readRetentionDays(db: DbOrTx): Promise<number> {
  return daysOf((await retentionRepository.read(db, LOG_RETENTION_KEY))?.value);
}

/**
 * Deletes security events and sign-ins older than the retention, in batches until none is left;
 * staff changes (audit_log) are never touched (ADR 028).
 */
export async function purgeExpiredSecurityEvents(db: Db, now: Date) {
  const days = await readRetentionDays(db);
  const before = new Date(now.getTime() - days * DAY_MS);
  let security = 0;
  let signIns = 0;
  for (;;) {
    const gone = await repo.purgeBatch(db, before, PURGE_BATCH);
    security += gone.security;
    signIns += gone.signIns;
    if (gone.security < PURGE_BATCH && gone.signIns < PURGE_BATCH) break;
  }
  return { days, before: before.toISOString(), security, signIns };
}

export function createGeneralLogsService({ db }: { db: Db }) {
  async function retention(source: DbOrTx = db): Promise<LogRetention> {
    const stored = await retentionRepository.read(source, LOG_RETENTION_KEY);
    return {
      days: daysOf(stored?.value),
      defaultDays: LOG_RETENTION_DEFAULT_DAYS,
      minDays: LOG_RETENTION_MIN_DAYS,
      maxDays: LOG_RETENTION_MAX_DAYS,
      updatedAt: stored ? stored.updatedAt.toISOString() : null,
    };
  }

  return {
    async list(query: ListQuery) {
      const page = { page: query.page, size: query.size };
      const empty = { items: [], total: 0, ...page };
      const filters: LogFilters = {
        sources:
          query.kind === 'audit'
            ? ['audit']
            : query.kind === 'security'
              ? ['security', 'sign_in']
              : ['audit', 'security', 'sign_in'],
        action: query.action,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? endOfFilter(query.to) : undefined,
      };
      // A name nobody has matches nothing: an empty page, not an error.
      if (query.actor) {
        filters.actorId = (await repo.findAccountId(db, query.actor)) ?? undefined;
        if (!filters.actorId) return empty;
      }
      if (query.target) {
        filters.targetAccountId = (await repo.findAccountId(db, query.target)) ?? undefined;
        if (!filters.targetAccountId) return empty;
      }
      const offset = (query.page - 1) * query.size;
      // The deepest page anyone may ask for ends here; the total stops counting there too.
      const reachable = GENERAL_LOGS_MAX_PAGE * query.size;
      const [rows, total] = await Promise.all([
        repo.page(db, filters, { offset, size: query.size }),
        repo.count(db, filters, reachable),
      ]);
      return { items: rows.map(toLogEntry), total: Math.min(total, reachable), ...page };
    },

    retention: () => retention(),

    /** Audited like every settings change; the value lives in the settings table, outside PUT /admin/settings. */
    async updateRetention(actorId: string, body: { days: number; reason?: string | null | undefined }) {
      await db.transaction(async (tx) => {
        const before = daysOf(await retentionRepository.lock(tx, LOG_RETENTION_KEY, LOG_RETENTION_DEFAULT_DAYS));
        if (before === body.days) return;
        await retentionRepository.write(tx, LOG_RETENTION_KEY, body.days);
        await audit(tx, {
          actorId,
          action: 'logs.retention.update',
          targetType: 'settings',
          targetId: LOG_RETENTION_KEY,
          before: { days: before },
          after: { days: body.days },
          reason: body.reason ?? null,
        });
      });
      return retention();
    },
  };
}

import { DELIVERY_KINDS, LOST_AFTER_SECONDS, type SystemStatus } from '@tollgate/contract/admin/system';
import type { Db } from '#platform/db/client.ts';
import { systemRepository } from './system.repository';

export interface SystemDeps {
  db: Db;
  dialect: 'pglite' | 'postgres';
  /** The job queue's backlog (platform/jobs), the same reading /metrics serves. */
  queues: () => Promise<{ queue: string; due: number; lagSeconds: number }[]>;
}

const DAY_MS = 86_400_000;

/** The system page's numbers; /metrics reads the deliveries from here too. */
export function createSystemService({ db, dialect, queues }: SystemDeps) {
  async function deliveries() {
    const backlog = await systemRepository.deliveryBacklog(db);
    return DELIVERY_KINDS.map((kind) => {
      const row = backlog[kind];
      return {
        kind,
        pending: Number(row?.pending ?? 0),
        failing: Number(row?.failing ?? 0),
        oldestPendingSeconds: row?.oldest == null ? null : Math.max(0, Number(row.oldest)),
      };
    });
  }

  return {
    deliveries,
    async status(): Promise<SystemStatus> {
      const now = Date.now();
      const rows = await systemRepository.heardSince(db, new Date(now - DAY_MS));
      // Without a job queue (JOBS_ENABLED off on every instance so far) there is no backlog to show.
      const backlog = await queues().catch(() => []);
      return {
        instances: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          host: row.host,
          version: row.version,
          startedAt: row.startedAt.toISOString(),
          seenAt: row.seenAt.toISOString(),
          lost: now - row.seenAt.getTime() > LOST_AFTER_SECONDS * 1_000,
          rssBytes: Math.max(0, Math.round(row.details.rssBytes ?? 0)),
          connections: row.details.connections ?? null,
          flushLagSeconds: row.details.flushLagSeconds ?? null,
        })),
        queues: backlog,
        deliveries: await deliveries(),
        database: {
          dialect,
          sizeBytes: await systemRepository.databaseBytes(db),
          lastBackupAt: (await systemRepository.lastBackupAt(db))?.toISOString() ?? null,
        },
        checkedAt: new Date(now).toISOString(),
      };
    },
  };
}
export type SystemService = ReturnType<typeof createSystemService>;

import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** Any fixed number, other than the migrations' lock. */
const JOBS_SETUP_LOCK = 727_002;

export interface ScheduledJob {
  /** Queue name, also how it is named in logs and `npm run cli -- jobs run <name>`. */
  name: string;
  /** Cron in UTC; pg-boss turns each tick into exactly one job however many instances run. */
  cron: string;
  run(now: Date): Promise<unknown>;
}

/**
 * pg-boss 10 on the app's own database (DESIGN §3): PostgreSQL through the pool, PGlite through
 * its single session. Each tick becomes one job that one worker on one instance takes.
 */
export function createScheduler(database: Database, log: FastifyBaseLogger) {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Finished jobs are history nobody reads; keep the tables small.
    deleteAfterDays: 7,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;

  /**
   * pg-boss creates its schema and queues with plain CREATE statements, so instances starting
   * together collide (duplicate schema, deadlocked queue creation) and one fails to start. They
   * take turns instead, like migrations, on a session lock held by one pooled connection.
   */
  async function oneInstanceAtATime(setUp: () => Promise<void>) {
    if (!database.pool) return setUp();
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [JOBS_SETUP_LOCK]);
      await setUp();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [JOBS_SETUP_LOCK]).catch(() => {});
      client.release();
    }
  }

  return {
    async start(jobs: ScheduledJob[]) {
      await oneInstanceAtATime(async () => {
        await boss.start();
        started = true;
        for (const job of jobs) {
          await boss.createQueue(job.name, { name: job.name, policy: 'singleton' });
          await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
        }
      });
      for (const job of jobs) {
        await boss.work(job.name, { pollingIntervalSeconds: 5 }, async () => {
          const result = await job.run(new Date());
          log.info({ job: job.name, result }, 'job done');
        });
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Jobs due and not yet taken, per queue, and how long the oldest has waited: a queue whose lag grows
 * has no instance working it (JOBS_ENABLED off everywhere, or every worker stuck).
 */
export async function queueBacklog(database: Database): Promise<{ queue: string; due: number; lagSeconds: number }[]> {
  const { rows } = await database.executeSql(
    `select name, count(*)::int as due, coalesce(extract(epoch from now() - min(start_after)), 0)::float8 as lag
       from pgboss.job where state in ('created', 'retry') and start_after <= now() group by name`,
  );
  return (rows as { name: string; due: number; lag: number }[]).map((r) => ({
    queue: r.name,
    due: Number(r.due),
    lagSeconds: Number(r.lag),
  }));
}

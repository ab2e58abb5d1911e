import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HEARTBEAT_SECONDS, type InstanceKind } from '@tollgate/contract/admin/system';
import type { Db } from '#platform/db/client.ts';
import { systemRepository } from './system.repository';
import type { InstanceDetails } from './system.schema';

/** The release running, as package.json names it. */
function version(): string {
  const file = path.join(import.meta.dirname, '../../../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * Says every HEARTBEAT_SECONDS that this process is alive and what it holds, for the system page.
 * A failed beat (database away) is only a missed beat: the page shows the process as lost a minute
 * later, which is what it is to the rest of the shop.
 */
export function startHeartbeat(
  db: Db,
  kind: InstanceKind,
  details: () => Omit<InstanceDetails, 'rssBytes'> = () => ({}),
  log?: { warn(obj: unknown, msg?: string): void },
) {
  const beat = {
    id: randomUUID(),
    kind,
    host: os.hostname().slice(0, 255),
    version: version(),
    startedAt: new Date(),
  };
  let beats = 0;
  const once = async () => {
    try {
      await systemRepository.beat(db, { ...beat, details: { rssBytes: process.memoryUsage.rss(), ...details() } });
      // Now and then, not every beat: rows of processes gone for a day.
      if (beats++ % 40 === 0) await systemRepository.forgetBefore(db, new Date(Date.now() - 86_400_000));
    } catch (error) {
      log?.warn({ err: error }, 'heartbeat not recorded');
    }
  };
  let running = once();
  const timer = setInterval(() => void (running = once()), HEARTBEAT_SECONDS * 1_000);
  timer.unref();
  return {
    id: beat.id,
    /** Stops beating and removes the row: a clean stop is not a lost instance. */
    async stop() {
      clearInterval(timer);
      await running;
      await systemRepository.forget(db, beat.id).catch(() => undefined);
    },
  };
}

import type { SystemStatus } from '@tollgate/contract/admin/system';
import { Badge } from '#components/ui/badge.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { formatBytes, formatDate } from '#lib/format.ts';
import { formatAge, secondsBetween } from '../utils/ages.ts';
import { SystemSection } from './system-section.tsx';

/** A backup older than this is flagged: a day's orders would be lost with the disk. */
const STALE_BACKUP_SECONDS = 36 * 3_600;

export function DatabaseSection({ status }: { status: SystemStatus }) {
  const { database } = status;
  const age = database.lastBackupAt ? secondsBetween(database.lastBackupAt, status.checkedAt) : null;
  return (
    <SystemSection title="Database" description="Where every order, balance and account lives.">
      <Card>
        <CardBody>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Engine</dt>
              <dd className="mt-1 font-medium text-slate-900 dark:text-white">
                {database.dialect === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Size</dt>
              <dd className="mt-1 font-medium text-slate-900 dark:text-white">{formatBytes(database.sizeBytes)}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Last backup</dt>
              <dd className="mt-1 text-slate-900 dark:text-white">
                {age === null ? (
                  <span className="text-slate-600 dark:text-slate-300">
                    {database.dialect === 'postgres'
                      ? 'Not seen: pg_dump runs outside the shop, so watch its schedule there.'
                      : 'None yet: run npm run cli -- backup <file>.'}
                  </span>
                ) : (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{formatDate(database.lastBackupAt, '24h')}</span>
                    <Badge tone={age > STALE_BACKUP_SECONDS ? 'warning' : 'success'}>{formatAge(age)} ago</Badge>
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </CardBody>
      </Card>
    </SystemSection>
  );
}

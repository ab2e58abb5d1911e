/**
 * Bell entries for change requests (issue 32): a filed request tells every Administrator and Manager
 * but its requester; a decision tells the requester. Written inside the filing or deciding
 * transaction under a savepoint, so an entry exists only for a change that stands, and an entry
 * that cannot be written is rolled back alone: the staff action never fails for its notice.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, type staffChangeRequests } from '../db/schema';
import { notify } from '../notify/notify';

/** The row as change-requests.ts reads it; from the schema, as that file imports this one. */
type ChangeRequestRow = typeof staffChangeRequests.$inferSelect;

export const CHANGE_REQUESTS_PATH = '/admin/change-requests';

type Log = { warn: (context: object, message: string) => void };

const dollars = (cents: number) =>
  `$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** "credit customer $750.00", "add 100 GB to customer's plan Scraper pool", "take 3 days from …". */
export function describeChange(row: Pick<ChangeRequestRow, 'kind' | 'amount'>, account: string): string {
  switch (row.kind) {
    case 'balance':
      return `${row.amount < 0 ? 'debit' : 'credit'} ${account} ${dollars(row.amount)}`;
    case 'bandwidth':
      return `add ${row.amount} GB to a plan of ${account}`;
    case 'days': {
      const days = Math.abs(row.amount);
      const span = `${days} ${days === 1 ? 'day' : 'days'}`;
      return row.amount < 0 ? `take ${span} from a plan of ${account}` : `add ${span} to a plan of ${account}`;
    }
  }
}

async function usernames(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({ id: accounts.id, username: accounts.username })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

async function quietly(db: DbOrTx, log: Log | undefined, write: (sp: DbOrTx) => Promise<void>) {
  try {
    await db.transaction(write);
  } catch (err) {
    log?.warn({ err }, 'change request notice not written; the change stands');
  }
}

export function noticeFiled(db: DbOrTx, row: ChangeRequestRow, log?: Log) {
  return quietly(db, log, async (sp) => {
    const names = await usernames(sp, [row.requestedBy, row.accountId]);
    const requester = names.get(row.requestedBy) ?? 'A staff member';
    await notify(sp, {
      to: { roles: ['Administrator', 'Manager'], except: row.requestedBy },
      message: `${requester} asks to ${describeChange(row, names.get(row.accountId) ?? 'an account')}`,
      link: CHANGE_REQUESTS_PATH,
    });
  });
}

export function noticeDecided(db: DbOrTx, row: ChangeRequestRow, log?: Log) {
  return quietly(db, log, async (sp) => {
    const names = await usernames(sp, [row.accountId, ...(row.decidedBy ? [row.decidedBy] : [])]);
    const decider = (row.decidedBy && names.get(row.decidedBy)) ?? 'Staff';
    const verb = row.status === 'approved' ? 'approved' : 'rejected';
    const note = row.decisionReason ? `: ${row.decisionReason}` : '';
    await notify(sp, {
      to: { accountIds: [row.requestedBy] },
      message: `${decider} ${verb} your request to ${describeChange(row, names.get(row.accountId) ?? 'an account')}${note}`,
      link: CHANGE_REQUESTS_PATH,
    });
  });
}

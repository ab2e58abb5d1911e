import { SUGGESTION_ALREADY_SENT, UNKNOWN_SUGGESTION } from '@tollgate/contract/suggestions/suggestions';
import type { DbOrTx } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { suggestionsRepository as repo } from './suggestions.repository';

const nextUtcMidnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

/** The dashboard's suggestion box: customers send one a day; the ticket desk reads and deletes them. */
export function createSuggestionsService({ db }: { db: DbOrTx }) {
  return {
    async send(accountId: string, suggestion: string) {
      const row = await repo.insert(db, accountId, suggestion);
      if (!row) throw badRequest(SUGGESTION_ALREADY_SENT);
      return { id: row.id };
    },

    async allowed(accountId: string) {
      const sent = await repo.sentToday(db, accountId);
      return { allowed: !sent, nextAllowedAt: sent ? nextUtcMidnight() : null };
    },

    async list(query: { page: number; size: number; search?: string | undefined }) {
      const { rows, total } = await repo.page(db, query);
      return {
        items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
        page: query.page,
        size: query.size,
      };
    },

    async remove(id: string) {
      if (!(await repo.remove(db, id))) throw notFound(UNKNOWN_SUGGESTION);
      return null;
    },
  };
}

import {
  adminSuggestions,
  deleteSuggestion,
  SUGGESTION_ALREADY_SENT,
  sendSuggestion,
  suggestionsAllowed,
} from '@tollgate/contract/suggestions/suggestions';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import { route, type RouteDefinition } from '#platform/http/routes.ts';
import { suggestions } from './suggestions.schema';

const today = sql`(now() at time zone 'UTC')::date`;
const nextUtcMidnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

/** Small enough to keep its SQL beside its routes. */
export function suggestionsRoutes({ db }: { db: Db }): RouteDefinition[] {
  return [
    route(sendSuggestion, async ({ auth, body }) => {
      try {
        const [row] = await db
          .insert(suggestions)
          .values({ accountId: auth.accountId, suggestion: body.suggestion })
          .returning({ id: suggestions.id });
        return { id: row!.id };
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw badRequest(SUGGESTION_ALREADY_SENT);
        throw error;
      }
    }),
    route(suggestionsAllowed, async ({ auth }) => {
      const [sent] = await db
        .select({ id: suggestions.id })
        .from(suggestions)
        .where(and(eq(suggestions.accountId, auth.accountId), eq(suggestions.day, today)));
      return { allowed: !sent, nextAllowedAt: sent ? nextUtcMidnight() : null };
    }),
    route(adminSuggestions, async ({ query }) => {
      const rows = await db
        .select({
          id: suggestions.id,
          suggestion: suggestions.suggestion,
          createdAt: suggestions.createdAt,
          account: { id: accounts.id, username: accounts.username, email: accounts.email },
        })
        .from(suggestions)
        .innerJoin(accounts, eq(accounts.id, suggestions.accountId))
        .orderBy(desc(suggestions.createdAt))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const [total] = await db.select({ n: count() }).from(suggestions);
      return {
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total: total?.n ?? 0,
        page: query.page,
        size: query.size,
      };
    }),
    route(deleteSuggestion, async ({ params }) => {
      const removed = await db.delete(suggestions).where(eq(suggestions.id, params.suggestionId)).returning();
      if (!removed.length) throw notFound('No such suggestion');
      return null;
    }),
  ];
}

import { randomBytes } from 'node:crypto';
import { ROTATION_APPLIES_WITHIN_S, UNKNOWN_ROTATION_LINK } from '@tollgate/contract/automation/rotation';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/client.ts';
import { notFound } from '#platform/http/errors.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';
import { rotationLinks } from './automation.schema';
import { rowsOf } from '#platform/db/rows.ts';

const newToken = () => randomBytes(24).toString('base64url');

/**
 * Sticky-session rotation links (ADR 034). The link holds a per-plan secret; calling it records the
 * session's next generation in `session_rotations`, which every gateway node reads every couple of
 * seconds (gateway-store `rotations`), dropping the exit it holds for that session.
 */
export function createRotationService({ db, publicUrl }: { db: Db; publicUrl: string }) {
  const view = (token: string) => ({ token, url: `${publicUrl}/api/v1/rotate/${token}` });

  async function assertOwned(accountId: string, subscriptionId: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.id, subscriptionId),
          eq(subscriptions.accountId, accountId),
          isNull(subscriptions.deletedAt),
        ),
      );
    if (!row) throw notFound('Unknown plan');
  }

  return {
    /** Made on first view, then the same until reset. */
    async link(accountId: string, subscriptionId: string) {
      await assertOwned(accountId, subscriptionId);
      await db.insert(rotationLinks).values({ subscriptionId, token: newToken() }).onConflictDoNothing();
      const [row] = await db
        .select({ token: rotationLinks.token })
        .from(rotationLinks)
        .where(eq(rotationLinks.subscriptionId, subscriptionId));
      return view(row!.token);
    },

    async reset(accountId: string, subscriptionId: string) {
      await assertOwned(accountId, subscriptionId);
      const token = newToken();
      await db
        .insert(rotationLinks)
        .values({ subscriptionId, token })
        .onConflictDoUpdate({ target: rotationLinks.subscriptionId, set: { token, createdAt: new Date() } });
      return view(token);
    },

    /** One statement: an unknown token, or a removed plan, rotates nothing and answers 404. */
    async rotate(token: string, session: string) {
      const [row] = rowsOf<{ generation: number }>(
        await db.execute(sql`
          insert into session_rotations (subscription_id, session)
          select l.subscription_id, ${session} from rotation_links l
          join subscriptions s on s.id = l.subscription_id and s.deleted_at is null
          where l.token = ${token}
          on conflict (subscription_id, session) do update
            set generation = session_rotations.generation + 1, rotated_at = now()
          returning generation`),
      );
      if (!row) throw notFound(UNKNOWN_ROTATION_LINK);
      return { session, generation: Number(row.generation), appliesWithinSeconds: ROTATION_APPLIES_WITHIN_S };
    },

    /** Rotations older than a day are of no use to any node (they re-read the last two minutes). */
    async purge() {
      await db.execute(sql`delete from session_rotations where rotated_at < now() - interval '1 day'`);
    },
  };
}

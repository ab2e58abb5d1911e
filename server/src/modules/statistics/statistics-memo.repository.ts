import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#platform/db/client.ts';
import { queryRows } from '#platform/db/rows.ts';

/**
 * Answers over a window's closed days, kept in `statistics_memo` (ADR 040) for the figures that do
 * not add up day by day. An answer is reused while `statistics_daily_done` holds the same closed
 * days, filled the same way: a write dated into one of them forgets the day (migration 0029's
 * triggers) and its refill gets a new `filled`, so the mark no longer matches. The mark is read
 * before the answer is computed, so a write landing meanwhile makes the stored answer stale at once
 * rather than later.
 */

/** The window's closed days: from `from` (a date) up to `through` (excluded). */
export interface ClosedSpan {
  from: string;
  through: string;
}

export async function memoized<T>(db: DbOrTx, key: string, span: ClosedSpan, compute: () => Promise<T>): Promise<T> {
  const [row] = await queryRows<{ mark: string; answer: T | null }>(
    db,
    sql`select w.mark, m.answer
        from (select count(*)::text || ':' || coalesce(max(filled), 0)::text as mark from statistics_daily_done
              where day >= ${span.from}::date and day < ${span.through}::date) w
        left join statistics_memo m on m.key = ${key} and m.through = ${span.through}::date and m.mark = w.mark`,
  );
  if (row && row.answer !== null) return row.answer;
  const answer = await compute();
  // Keys of windows nobody asked for in a week go; a key's answer is replaced when its days move on.
  await db.execute(
    sql`with gone as (delete from statistics_memo where computed_at < now() - interval '7 days' and key <> ${key})
        insert into statistics_memo (key, through, mark, answer)
        values (${key}, ${span.through}::date, ${row?.mark ?? ''}, ${JSON.stringify(answer)}::jsonb)
        on conflict (key) do update
          set through = excluded.through, mark = excluded.mark, answer = excluded.answer, computed_at = now()`,
  );
  return answer;
}

\timing on
select count(*) filter (where a0)::int as pa, count(*) filter (where a0 and not a1)::int as pc, count(*) filter (where a1)::int as ca, count(*) filter (where a1 and not a2)::int as cc
from (select account_id, bool_or(r @> '2024-11-29'::timestamptz) a0, bool_or(r @> '2025-11-29'::timestamptz) a1, bool_or(r @> least('2026-11-29'::timestamptz, now())) a2
 from (select account_id, tstzrange(starts_at, case when expires_at is null then null else greatest(starts_at, expires_at) end) r from subscriptions
  where status in ('active','expired') and starts_at is not null and (tstzrange(starts_at, case when expires_at is null then null else greatest(starts_at, expires_at) end) @> '2024-11-29'::timestamptz or tstzrange(starts_at, case when expires_at is null then null else greatest(starts_at, expires_at) end) @> '2025-11-29'::timestamptz or tstzrange(starts_at, case when expires_at is null then null else greatest(starts_at, expires_at) end) @> least('2026-11-29'::timestamptz, now()))) s group by account_id) a;
select count(*) filter (where a0)::int as pa, count(*) filter (where a0 and not a1)::int as pc, count(*) filter (where a1)::int as ca, count(*) filter (where a1 and not a2)::int as cc
from (select account_id, bool_or(starts_at <= '2024-11-29'::timestamptz and (expires_at is null or expires_at > '2024-11-29'::timestamptz)) a0,
 bool_or(starts_at <= '2025-11-29'::timestamptz and (expires_at is null or expires_at > '2025-11-29'::timestamptz)) a1,
 bool_or(starts_at <= least('2026-11-29'::timestamptz, now()) and (expires_at is null or expires_at > least('2026-11-29'::timestamptz, now()))) a2
 from subscriptions where status in ('active','expired') and starts_at is not null and starts_at <= least('2026-11-29'::timestamptz, now()) and (expires_at is null or expires_at > '2024-11-29'::timestamptz) group by account_id) a;

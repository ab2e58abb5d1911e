import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '#platform/db/client.ts';
import { noticeOutbox } from '#platform/notices/notice-outbox.ts';
import type { SubscriptionRow } from './subscriptions.schema';
import { dayOf } from '#platform/mail/day.ts';

const day = (d: Date | null) => (d ? dayOf(d) : 'not set');
const onOff = (on: boolean) => (on ? 'on' : 'off');

/** What a customer can see changed on their plan, one line each, in words. */
export function planChanges(before: SubscriptionRow, after: SubscriptionRow): string[] {
  const lines: string[] = [];
  const changed = <T>(a: T, b: T, line: string) => a !== b && lines.push(line);
  changed(before.bandwidthGb, after.bandwidthGb, `Bandwidth: ${before.bandwidthGb} GB → ${after.bandwidthGb} GB`);
  changed(before.threads, after.threads, `Threads: ${before.threads} → ${after.threads}`);
  changed(
    before.expiresAt?.getTime(),
    after.expiresAt?.getTime(),
    `Ends: ${day(before.expiresAt)} → ${day(after.expiresAt)}`,
  );
  changed(before.status, after.status, `Status: ${before.status} → ${after.status}`);
  changed(before.country, after.country, `Country: ${before.country} → ${after.country}`);
  changed(before.autoRenew, after.autoRenew, `Auto-renew: ${onOff(before.autoRenew)} → ${onOff(after.autoRenew)}`);
  changed(before.proxyPassword, after.proxyPassword, 'Proxy password: replaced (the old one no longer works)');
  changed(
    before.whitelistLimit,
    after.whitelistLimit,
    `Whitelist limit: ${before.whitelistLimit ?? 'default'} → ${after.whitelistLimit ?? 'default'}`,
  );
  return lines;
}

/** Staff changed a customer's plan: the notice commits with the change (ADR 019). */
export async function noticeStaffChange(tx: DbOrTx, before: SubscriptionRow, after: SubscriptionRow) {
  const changes = planChanges(before, after);
  if (!changes.length) return;
  await noticeOutbox.add(tx, {
    accountId: after.accountId,
    kind: 'staff_plan_change',
    eventKey: `staff-plan:${randomUUID()}`,
    subjectId: after.id,
    data: { changes },
  });
}

/** Staff gave the customer a plan at no charge (a trial, a goodwill gift). */
export async function noticeStaffGift(tx: DbOrTx, plan: SubscriptionRow) {
  const size = [
    plan.bandwidthGb > 0 ? `${plan.bandwidthGb} GB` : null,
    plan.threads > 0 ? `${plan.threads} threads` : null,
  ]
    .filter(Boolean)
    .join(', ');
  await noticeOutbox.add(tx, {
    accountId: plan.accountId,
    kind: 'staff_plan_change',
    eventKey: `staff-plan:${plan.id}:added`,
    subjectId: plan.id,
    data: {
      added: true,
      changes: [`New plan: ${plan.planTitle}${size ? ` (${size})` : ''}, until ${day(plan.expiresAt)}, at no charge`],
    },
  });
}

import type { DbOrTx } from '../db/client';
import { securityEvents, type SecurityEventKind } from '../db/schema';
import { requestOrigin } from '../http/request-context';

/**
 * Records something that changed how an account signs in (ADR 028), with the IP and user agent of
 * the request being answered. `actorId` is who did it: the account itself (the default), a staff
 * member, or null for an anonymous request.
 */
export async function recordSecurityEvent(
  db: DbOrTx,
  event: { accountId: string; kind: SecurityEventKind; actorId?: string | null; detail?: Record<string, unknown> },
): Promise<void> {
  const origin = requestOrigin();
  await db.insert(securityEvents).values({
    accountId: event.accountId,
    actorId: event.actorId === undefined ? event.accountId : event.actorId,
    kind: event.kind,
    detail: event.detail ?? null,
    ip: origin?.ip ?? null,
    userAgent: origin?.userAgent ?? null,
  });
}

import { randomBytes, randomUUID } from 'node:crypto';
import {
  UNKNOWN_WEBHOOK,
  WEBHOOK_ENDPOINTS_FULL,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery as DeliveryView,
  type WebhookEndpoint,
} from '@tollgate/contract/automation/webhooks';
import type { createWebhook, myWebhookDeliveries, updateWebhook } from '@tollgate/contract/automation/webhooks';
import type { ParsedBodyOf, ParsedQueryOf } from '@tollgate/contract/endpoint';
import type { Sealer } from '#platform/auth/sealed.ts';
import type { Db } from '#platform/db/client.ts';
import { badRequest, notFound } from '#platform/http/errors.ts';
import type { WebhookDelivery } from './webhook-delivery';
import { assertSavableUrl, type TargetPolicy } from './webhook-target';
import { webhooksRepository as repo, type DeliveryRow, type WebhookEndpointRow } from './webhooks.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toView = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  enabled: row.enabled,
  secretHint: row.secretHint,
  createdAt: row.createdAt.toISOString(),
});

export const toDeliveryView = (row: DeliveryRow): DeliveryView => ({
  id: row.id,
  endpointId: row.endpointId,
  url: row.url,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastStatus: row.lastStatus,
  lastResponse: row.lastResponse,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
  createdAt: row.createdAt.toISOString(),
});

/** A secret a receiver pastes into its config: `whsec_` and 32 random bytes. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Customers' webhook endpoints and their delivery log (ADR 034). */
export function createWebhooksService(deps: {
  db: Db;
  sealer: Sealer;
  policy: TargetPolicy;
  delivery: WebhookDelivery;
}) {
  const { db, sealer } = deps;
  const sealed = (secret: string) => ({ secretSealed: sealer.seal(secret), secretHint: secret.slice(-4) });

  async function owned(accountId: string, id: string) {
    const row = await repo.find(db, accountId, id);
    if (!row) throw notFound(UNKNOWN_WEBHOOK);
    return row;
  }

  return {
    async list(accountId: string) {
      return { items: (await repo.list(db, accountId)).map(toView) };
    },

    async create(accountId: string, body: ParsedBodyOf<typeof createWebhook>) {
      assertSavableUrl(body.url, deps.policy);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        await repo.lockAccount(tx, accountId);
        if ((await repo.count(tx, accountId)) >= WEBHOOK_ENDPOINTS_MAX) throw badRequest(WEBHOOK_ENDPOINTS_FULL);
        return repo.insert(tx, { accountId, url: body.url, description: body.description || null, ...sealed(secret) });
      });
      return { ...toView(row), secret };
    },

    async update(accountId: string, id: string, patch: ParsedBodyOf<typeof updateWebhook>) {
      if (patch.url !== undefined) assertSavableUrl(patch.url, deps.policy);
      const row = await repo.update(db, accountId, id, {
        ...(patch.url === undefined ? {} : { url: patch.url }),
        ...(patch.description === undefined ? {} : { description: patch.description || null }),
        ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      });
      if (!row) throw notFound(UNKNOWN_WEBHOOK);
      return toView(row);
    },

    async remove(accountId: string, id: string) {
      if (!(await db.transaction((tx) => repo.remove(tx, accountId, id)))) throw notFound(UNKNOWN_WEBHOOK);
      return null;
    },

    async rotate(accountId: string, id: string) {
      await owned(accountId, id);
      const secret = newSecret();
      const row = await repo.update(db, accountId, id, sealed(secret));
      if (!row) throw notFound(UNKNOWN_WEBHOOK);
      return { ...toView(row), secret };
    },

    /** A signed test event, attempted at once; retried like any other if the receiver fails it. */
    async test(accountId: string, id: string) {
      const endpoint = await owned(accountId, id);
      const eventId = `evt_test_${randomUUID().replace(/-/g, '')}`;
      const body = JSON.stringify({
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        data: { message: 'A test event from your Settings page', endpointId: endpoint.id },
      });
      const deliveryId = await repo.insertDelivery(db, {
        endpointId: endpoint.id,
        accountId,
        eventId,
        eventType: WEBHOOK_TEST_EVENT,
        body,
      });
      await deps.delivery.deliverNow(deliveryId);
      const row = await repo.delivery(db, accountId, deliveryId);
      return toDeliveryView(row!);
    },

    async deliveries(accountId: string, query: ParsedQueryOf<typeof myWebhookDeliveries>) {
      const { items, total } = await repo.deliveries(db, accountId, query);
      return { items: items.map(toDeliveryView), total, page: query.page, size: query.size };
    },
  };
}

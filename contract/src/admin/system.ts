import { z } from 'zod';
import { ADMINS } from '../access/roles';
import { defineEndpoint } from '../endpoint';

/**
 * The Administrator's system page (issue 35): is the shop healthy. Every number comes from the
 * same readings Prometheus scrapes at /metrics, so the page and the dashboard never disagree.
 */
export const INSTANCE_KINDS = ['shop', 'gateway'] as const;
export type InstanceKind = (typeof INSTANCE_KINDS)[number];

/** How often each process says it is alive; one not heard from for a minute is shown as lost. */
export const HEARTBEAT_SECONDS = 15;
export const LOST_AFTER_SECONDS = 60;

const when = z.iso.datetime({ offset: true });

export const systemInstanceSchema = z.object({
  id: z.string(),
  kind: z.enum(INSTANCE_KINDS),
  host: z.string(),
  version: z.string(),
  startedAt: when,
  seenAt: when,
  /** Not heard from for LOST_AFTER_SECONDS: stopped, crashed or cut off. */
  lost: z.boolean(),
  rssBytes: z.number().int().nonnegative(),
  /** Gateways: client connections held now. */
  connections: z.number().int().nonnegative().nullable(),
  /** Gateways: seconds since the shop last accepted their usage. */
  flushLagSeconds: z.number().nonnegative().nullable(),
});
export type SystemInstance = z.infer<typeof systemInstanceSchema>;

export const systemQueueSchema = z.object({
  queue: z.string(),
  due: z.number().int().nonnegative(),
  lagSeconds: z.number().nonnegative(),
});

export const DELIVERY_KINDS = ['webhooks', 'notices', 'campaign mail'] as const;
export const systemDeliverySchema = z.object({
  kind: z.enum(DELIVERY_KINDS),
  pending: z.number().int().nonnegative(),
  /** Given up on in the last 24 hours (webhooks, campaign mail), or retried at least once (notices). */
  failing: z.number().int().nonnegative(),
  oldestPendingSeconds: z.number().nonnegative().nullable(),
});
export type SystemDelivery = z.infer<typeof systemDeliverySchema>;

export const systemStatusSchema = z.object({
  instances: z.array(systemInstanceSchema),
  queues: z.array(systemQueueSchema),
  deliveries: z.array(systemDeliverySchema),
  database: z.object({
    dialect: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().int().nonnegative(),
    /** The last `npm run cli -- backup` of this database; a pg_dump run elsewhere is not seen. */
    lastBackupAt: when.nullable(),
  }),
  checkedAt: when,
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const adminSystemStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/system',
  roles: ADMINS,
  tag: 'Admin: system',
  summary:
    'Shop instances and gateway nodes heard from in the last day (lost after a minute of silence), scheduled jobs due and their lag, undelivered webhooks, notices and campaign mail, the database size and the last backup',
  message: 'System status',
  payload: systemStatusSchema,
});

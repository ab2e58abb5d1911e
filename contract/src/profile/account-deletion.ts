import { z } from 'zod';
import { ADMINS_AND_MANAGERS, CUSTOMERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { NO_REASON_GIVEN } from '../admin/accounts';

/**
 * What deleting an account takes away, so the confirmation can name it: every plan still in
 * service with what is left on it, and the balance that will not be paid out.
 */
export const deletionPreviewSchema = z.object({
  username: z.string(),
  /** Dollars. */
  balance: z.number(),
  twoFactorEnabled: z.boolean(),
  /** Whether the customer confirms with a password (else by typing the username). */
  hasPassword: z.boolean(),
  plans: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      planType: z.string(),
      /** Bytes of bandwidth left; null for plans sold by threads. */
      bytesLeft: z.number().nullable(),
      threads: z.number().int(),
      daysLeft: z.number().int(),
      autoRenew: z.boolean(),
      expiresAt: z.iso.datetime({ offset: true }).nullable(),
    }),
  ),
});
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;

const userIdParams = z.object({ userId: z.uuid('Unknown account') });

/** Why staff delete an account: kept in the audit log. */
export const deletionReasonSchema = z
  .string({ error: 'Say why the account is deleted' })
  .trim()
  .min(3, 'Say why the account is deleted')
  .max(500);

export const myDeletionPreview = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/accounts/{userId}/deletion-preview',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'What deleting your own account would take away: plans in service and the balance',
  message: 'Deletion preview',
  params: userIdParams,
  payload: deletionPreviewSchema,
});

export const adminDeletionPreview = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/accounts/{userId}/deletion-preview',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary: 'What deleting this account would take away: plans in service and the balance',
  message: 'Deletion preview',
  params: userIdParams,
  payload: deletionPreviewSchema,
});

export const adminDeleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/admin/accounts/{userId}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: accounts',
  summary:
    'Delete an account: its plans stop (auto-renew off, proxy access ends), sessions end, invoices and ledger stay; audited',
  message: 'Account deleted',
  params: userIdParams,
  /** The reason is optional (the spec's call has no body): the audit then records `NO_REASON_GIVEN`. */
  body: z.object({ reason: deletionReasonSchema.default(NO_REASON_GIVEN) }).default({ reason: NO_REASON_GIVEN }),
  payload: z.null(),
});

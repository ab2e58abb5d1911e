import type { EditAccountBody } from '@tollgate/contract/admin/account-actions';
import { NO_REASON_GIVEN } from '@tollgate/contract/admin/accounts';
import { referralRatesFromSpec, type ReferralFamily } from '@tollgate/contract/admin/account-page';
import { toCents, toDollars } from '@tollgate/contract/http/money';
import type { z } from 'zod';
import type { editAccountBodySchema } from '@tollgate/contract/admin/account-actions';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { accounts } from '#platform/db/schema.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, pgErrorField } from '#platform/db/errors.ts';
import { validationError } from '#platform/http/errors.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import { adminView, findAccountOr404 } from './account-page.service';
import { percentToBps, referralRatesOf } from './account-page.view';
import type { StaffAccountsDeps } from './staff-accounts.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { sendVerificationMail } from '#platform/auth/mail-links.ts';
import {
  lockAdministratorsIfAdmin,
  refuseLastAdministrator,
  refuseManagerOnStaff,
  refuseStaff,
  type StaffActor,
} from '#platform/accounts/staff-rules.ts';

type EditBody = z.output<typeof editAccountBodySchema>;
export type { EditAccountBody };

export const EMAIL_TAKEN = 'This email belongs to another account';
export const USERNAME_TAKEN = 'This username belongs to another account';
export const ROLE_BY_ADMINS = 'Only an Administrator can change a role';
export const OWN_ROLE = 'Nobody can change their own role';

const BPS_COLUMN = {
  residential: 'referralResidentialBps',
  datacenter: 'referralDatacenterBps',
  isp: 'referralIspBps',
  ipv6: 'referralIpv6Bps',
  mobile: 'referralMobileBps',
} as const satisfies Record<ReferralFamily, keyof AccountRow>;

type Update = Partial<typeof accounts.$inferInsert>;
type Diff = { update: Update; before: Record<string, unknown>; after: Record<string, unknown> };

/** Only what differs from the row: the update, and the audit's before/after in the API's units. */
function diffOf(row: AccountRow, body: EditBody): Diff {
  const d: Diff = { update: {}, before: {}, after: {} };
  const set = (field: string, before: unknown, after: unknown, update: Update) => {
    if (after === undefined || before === after) return;
    d.before[field] = before;
    d.after[field] = after;
    Object.assign(d.update, update);
  };
  set('username', row.username, body.username, { username: body.username });
  // Same address in other letters is no change: addresses are unique case-insensitively.
  if (body.email !== undefined && body.email.toLowerCase() !== row.email.toLowerCase())
    set('email', row.email, body.email, { email: body.email });
  set('role', row.role, body.role, { role: body.role });
  for (const flag of [
    'balancePaymentProcessorEnabled',
    'stripePaymentProcessorEnabled',
    'cryptoPaymentProcessorEnabled',
  ] as const)
    set(flag, row[flag], body[flag], { [flag]: body[flag] });
  if (body.stripeLimit !== undefined)
    set('stripeLimit', toDollars(row.stripeLimitCents), body.stripeLimit, {
      stripeLimitCents: toCents(body.stripeLimit),
    });
  if (body.message !== undefined) set('message', row.staffMessage, body.message, { staffMessage: body.message });
  const rates = referralRatesOf(row);
  for (const [family, percent] of Object.entries(referralRatesFromSpec(body)) as [
    ReferralFamily,
    number | undefined,
  ][]) {
    if (percent === undefined) continue;
    set(`referralRates.${family}`, rates[family], percent, { [BPS_COLUMN[family]]: percentToBps(percent) });
  }
  return d;
}

const NEEDS_REASON = [
  'role',
  'balancePaymentProcessorEnabled',
  'stripePaymentProcessorEnabled',
  'cryptoPaymentProcessorEnabled',
  'stripeLimit',
];

/** The unique index decides a race for an address or a name; the caller hears which field. */
function duplicateError(error: unknown) {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return null;
  const constraint = pgErrorField(error, 'constraint') ?? '';
  if (constraint.includes('email')) return validationError([{ path: 'body.email', message: EMAIL_TAKEN }]);
  if (constraint.includes('username')) return validationError([{ path: 'body.username', message: USERNAME_TAKEN }]);
  return null;
}

/**
 * PATCH /admin/accounts/{userId}: one transaction with the row locked, an audit row listing only
 * what changed. An empty edit (nothing differs) changes nothing and writes nothing.
 *
 * A new email address is unverified: it has not shown it receives our mail, and checkout requires a
 * verified address, so the customer gets a verification link at the new address at once. Links
 * mailed to the old address (verify, reset) stop working. Staff who confirmed the address another
 * way mark it verified with verifyy.
 */
export function createAccountEditService(deps: StaffAccountsDeps) {
  const db: Db = deps.db;
  return {
    async edit(actor: StaffActor, userId: string, body: EditBody) {
      let emailChanged = false;
      let result: { row: AccountRow; view: Awaited<ReturnType<typeof adminView>> };
      try {
        result = await db.transaction(async (tx) => {
          if (body.role !== undefined) await lockAdministratorsIfAdmin(tx, userId);
          const row = await findAccountOr404(tx, userId, { lock: true });
          const diff = diffOf(row, body);
          const changed = Object.keys(diff.after);
          if (changed.length === 0) return { row, view: await adminView(tx, row) };
          refuseManagerOnStaff(actor, row, { selfAllowed: false });
          if ('role' in diff.after) {
            if (actor.role !== 'Administrator') throw refuseStaff(ROLE_BY_ADMINS);
            if (row.id === actor.accountId) throw refuseStaff(OWN_ROLE);
            await refuseLastAdministrator(tx, row);
          }
          await refuseTaken(tx, row.id, diff.after);
          const update: Update = { ...diff.update };
          if ('email' in diff.after) {
            emailChanged = true;
            update.emailVerifiedAt = null;
            update.verificationSentAt = null;
            await oneTimeTokenStore.revokeAll(tx, row.id, 'verify_email');
            await oneTimeTokenStore.revokeAll(tx, row.id, 'reset_password');
          }
          const updated = (await accountsRepository.update(tx, row.id, update))!;
          if (emailChanged) {
            diff.before.emailVerified = row.emailVerifiedAt !== null;
            diff.after.emailVerified = false;
            await recordSecurityEvent(tx, {
              accountId: row.id,
              kind: 'email.changed',
              actorId: actor.accountId,
              detail: { from: row.email, to: updated.email },
            });
          }
          await audit(tx, {
            actorId: actor.accountId,
            action: 'account.update',
            targetType: 'account',
            targetId: row.id,
            before: diff.before,
            after: diff.after,
            // A role, payment method or card limit change always carries a reason in the audit: the
            // caller's, or (the spec's call has no reason field, issue 33) that none was given.
            reason: body.reason ?? (changed.some((f) => NEEDS_REASON.includes(f)) ? NO_REASON_GIVEN : null),
          });
          return { row: updated, view: await adminView(tx, updated) };
        });
      } catch (error) {
        throw duplicateError(error) ?? error;
      }
      if (emailChanged) {
        await accountsRepository.claimVerificationSend(db, result.row.id, 0);
        await sendVerificationMail(deps, result.row, deps.publicUrl).catch((err) =>
          deps.log.warn({ err }, 'verification mail after a staff email change failed'),
        );
      }
      return result.view;
    },
  };
}

/** A clear field error before writing; the unique index still decides when two edits race. */
async function refuseTaken(tx: Parameters<typeof accountsRepository.findByEmail>[0], id: string, after: Diff['after']) {
  const fields = [];
  if (typeof after.email === 'string') {
    const owner = await accountsRepository.findByEmail(tx, after.email);
    if (owner && owner.id !== id) fields.push({ path: 'body.email', message: EMAIL_TAKEN });
  }
  if (typeof after.username === 'string') {
    const owner = await accountsRepository.findByLogin(tx, after.username);
    if (owner && owner.id !== id && owner.username.toLowerCase() === after.username.toLowerCase())
      fields.push({ path: 'body.username', message: USERNAME_TAKEN });
  }
  if (fields.length) throw validationError(fields);
}

import type { Role } from '@tollgate/contract/access/roles';
import type { ResellerTerms } from '@tollgate/contract/admin/resellers';
import type { FastifyBaseLogger } from 'fastify';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import { issueWelcomeToken, WELCOME_LINK_HOURS, welcomeUrl } from '#platform/auth/welcome-link.ts';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode, pgErrorField } from '#platform/db/errors.ts';
import { notFound, validationError } from '#platform/http/errors.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { mailTemplates } from '#platform/mail/templates.ts';
import { storedTerms, termsOf, toReseller } from './reseller-view';
import { RESELLER_KEY_NAME, resellersRepository as repo } from './resellers.repository';

const resellerKey = (accountId: string) => ({ accountId, name: RESELLER_KEY_NAME, scope: 'read-write' }) as const;

/** A new account's first password link: longer than a reset link, since nobody asked for it just now. */
const EMAIL_TAKEN = 'Email is already registered';
const USERNAME_TAKEN = 'Username is already taken';
const NO_RESELLER = 'No such reseller account';

type Actor = { accountId: string; role: Role };

export interface ResellersDeps {
  db: Db;
  mailer: Mailer;
  siteName: string;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Account deletion as the accounts module does it (ends service, sessions, API key; audited). */
  deleteAccount(actor: Actor, userId: string, reason: string): Promise<null>;
}

function takenError(taken: { email: boolean; username: boolean }) {
  return validationError([
    ...(taken.email ? [{ path: 'body.email', message: EMAIL_TAKEN }] : []),
    ...(taken.username ? [{ path: 'body.username', message: USERNAME_TAKEN }] : []),
  ]);
}

async function mustFind(db: DbOrTx, userId: string, lock = false) {
  const row = await repo.find(db, userId, { lock });
  if (!row) throw notFound(NO_RESELLER);
  return row;
}

/** Only the fields a PATCH named, and only those that change. */
function changes(before: ResellerTerms, patch: Partial<ResellerTerms>) {
  const changed: Partial<ResellerTerms> = {};
  for (const key of Object.keys(before) as (keyof ResellerTerms)[]) {
    const value = patch[key];
    if (value !== undefined && value !== before[key]) Object.assign(changed, { [key]: value });
  }
  return changed;
}

/**
 * Reseller accounts (Administrator only, contract). Keys are shown once and stored as hashes
 * (ADR 021); every change is audited with who and before/after, never with a key.
 */
export function createResellersService(deps: ResellersDeps) {
  const { db } = deps;
  return {
    async list(query: { page: number; size: number; search?: string | undefined }) {
      const { rows, total } = await repo.page(db, query);
      return { items: rows.map(toReseller), total, page: query.page, size: query.size };
    },

    async get(userId: string) {
      return toReseller(await mustFind(db, userId));
    },

    /** Account, terms, key and password link in one transaction; the mail follows the commit. */
    async create(actor: Actor, body: ResellerTerms & { email: string; username: string }) {
      const { email, username, ...terms } = body;
      const taken = await repo.taken(db, email, username);
      if (taken.email || taken.username) throw takenError(taken);
      let created;
      try {
        created = await db.transaction(async (tx) => {
          const { id } = await repo.insertAccount(tx, { email, username });
          await repo.saveTerms(tx, id, storedTerms(terms));
          const key = await apiKeyStore.replaceNamed(tx, resellerKey(id));
          const token = await issueWelcomeToken(tx, id);
          await audit(tx, {
            actorId: actor.accountId,
            action: 'reseller.create',
            targetType: 'account',
            targetId: id,
            before: null,
            after: { email, username, ...terms, apiKeyPrefix: key.apiKey.prefix },
          });
          return { reseller: toReseller(await mustFind(tx, id)), token, apiKey: key.key };
        });
      } catch (error) {
        // Two creations racing for one name: the unique index decides, and names the field.
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        const constraint = pgErrorField(error, 'constraint') ?? '';
        throw takenError({ email: constraint.includes('email'), username: !constraint.includes('email') });
      }
      const url = welcomeUrl(deps.publicUrl, created.token);
      try {
        await deps.mailer.send(
          mailTemplates(deps.siteName).welcomeChoosePassword(email, {
            username,
            url,
            hours: WELCOME_LINK_HOURS,
            note: 'It is a reseller account: our staff hand you its API key separately.',
          }),
        );
      } catch (err) {
        // The account exists and its key was made: staff can send a password link again from the account page.
        deps.log.warn({ err }, 'reseller password mail failed');
      }
      return { reseller: created.reseller, apiKey: created.apiKey };
    },

    async update(actor: Actor, userId: string, body: Partial<ResellerTerms> & { reason?: string | undefined }) {
      const { reason, ...patch } = body;
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, userId, true);
        const before = termsOf(row.terms);
        const changed = changes(before, patch);
        if (Object.keys(changed).length === 0) return toReseller(row);
        await repo.saveTerms(tx, userId, storedTerms({ ...before, ...changed }));
        await audit(tx, {
          actorId: actor.accountId,
          action: 'reseller.update',
          targetType: 'account',
          targetId: userId,
          before: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof ResellerTerms]])),
          after: changed,
          reason: reason ?? null,
        });
        return toReseller(await mustFind(tx, userId));
      });
    },

    /** The account row is locked, so parallel rotations take turns and the last one's key is the only one left. */
    async rotateKey(actor: Actor, userId: string) {
      return db.transaction(async (tx) => {
        const row = await mustFind(tx, userId, true);
        // Rotation is revoke + create (ADR 038): the old key stops when this commits.
        const key = await apiKeyStore.replaceNamed(tx, resellerKey(userId));
        await audit(tx, {
          actorId: actor.accountId,
          action: 'reseller.apikey.rotate',
          targetType: 'account',
          targetId: userId,
          before: { apiKeyPrefix: row.key?.prefix ?? null },
          after: { apiKeyPrefix: key.apiKey.prefix },
        });
        return { reseller: toReseller(await mustFind(tx, userId)), apiKey: key.key };
      });
    },

    /**
     * Only reseller accounts here; the deletion itself is the accounts module's, which also revokes the
     * key. A programme member is a customer's own account (ADR 042): only the membership ends (terms
     * and reseller key, under the account lock); the account, its balance, plans and sub-users stay.
     */
    async remove(actor: Actor, userId: string, reason: string) {
      const row = await mustFind(db, userId);
      if (row.account.reseller) return deps.deleteAccount(actor, userId, reason);
      await db.transaction(async (tx) => {
        const locked = await mustFind(tx, userId, true);
        await repo.deleteTerms(tx, userId);
        const revoked = await apiKeyStore.revokeNamed(tx, userId, RESELLER_KEY_NAME);
        await audit(tx, {
          actorId: actor.accountId,
          action: 'reseller.programme.end',
          targetType: 'account',
          targetId: userId,
          before: { ...termsOf(locked.terms), apiKeyPrefix: revoked[0] ?? null },
          after: null,
          reason,
        });
      });
      return null;
    },
  };
}
export type ResellersService = ReturnType<typeof createResellersService>;

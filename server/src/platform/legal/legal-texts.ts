import type { LegalDocument, LegalDocumentName } from '@tollgate/contract/general/legal';
import { LEGAL_TITLES } from '@tollgate/contract/general/legal';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { settings } from '../db/schema';
import { DEFAULT_LEGAL_TEXTS } from '@tollgate/contract/general/legal-defaults';

/**
 * The legal texts live in the settings table, one key each. Terms of Service and Acceptable Use
 * share one version number (`LegalVersion`): sign-up records the version it accepted, so a later
 * change of either text is visible on every account that accepted an older one. The cookie and
 * extension privacy policies are accepted by nobody and keep a version of their own.
 */
const KEY: Record<LegalDocumentName, string> = {
  terms: 'LegalTerms',
  'acceptable-use': 'LegalAcceptableUse',
  'cookie-policy': 'LegalCookiePolicy',
  'privacy-policy-extension': 'LegalPrivacyPolicyExtension',
};
const VERSION_KEY = 'LegalVersion';
const VERSION_KEYS: Record<LegalDocumentName, string> = {
  terms: VERSION_KEY,
  'acceptable-use': VERSION_KEY,
  'cookie-policy': 'LegalCookiePolicyVersion',
  'privacy-policy-extension': 'LegalPrivacyPolicyExtensionVersion',
};
/** The texts shipped with the shop are version 1; the first saved change makes 2. */
const FIRST_VERSION = 1;

const versionOf = (value: unknown) =>
  Number.isInteger(value) && (value as number) > 0 ? (value as number) : FIRST_VERSION;
const bodyOf = (value: unknown) =>
  value && typeof value === 'object' && typeof (value as { body?: unknown }).body === 'string'
    ? (value as { body: string }).body
    : null;

export const legalTexts = {
  async version(db: DbOrTx): Promise<number> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [VERSION_KEY]));
    return versionOf(rows[0]?.value);
  },

  async read(db: DbOrTx, document: LegalDocumentName): Promise<LegalDocument> {
    const rows = await db
      .select()
      .from(settings)
      .where(inArray(settings.key, [KEY[document], VERSION_KEYS[document]]));
    const stored = rows.find((r) => r.key === KEY[document]);
    const body = bodyOf(stored?.value);
    return {
      document,
      title: LEGAL_TITLES[document],
      body: body ?? DEFAULT_LEGAL_TEXTS[document],
      version: versionOf(rows.find((r) => r.key === VERSION_KEYS[document])?.value),
      updatedAt: body === null || !stored ? null : stored.updatedAt.toISOString(),
    };
  },

  /** Saves one text and raises its version in the same transaction (one upsert, no read first). */
  async write(tx: DbOrTx, document: LegalDocumentName, body: string): Promise<void> {
    const versionKey = VERSION_KEYS[document];
    await tx
      .insert(settings)
      .values({ key: KEY[document], value: { body } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { body }, updatedAt: sql`now()` } });
    await tx.execute(sql`
      insert into settings (key, value) values (${versionKey}, ${JSON.stringify(FIRST_VERSION + 1)}::jsonb)
      on conflict (key) do update
        set value = to_jsonb(coalesce((settings.value #>> '{}')::int, ${FIRST_VERSION}) + 1), updated_at = now()`);
  },
};

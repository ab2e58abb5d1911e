import type { LegalDocumentName } from '@tollgate/contract/general/legal';
import { audit } from '#platform/billing/audit-log.ts';
import type { Db } from '#platform/db/client.ts';
import { legalTexts } from '#platform/legal/legal-texts.ts';

/** The operator's legal texts: anyone reads them, an Administrator rewrites them (audited). */
export function createLegalService({ db }: { db: Db }) {
  return {
    read: (document: LegalDocumentName) => legalTexts.read(db, document),

    async update(actorId: string, document: LegalDocumentName, body: string) {
      await db.transaction(async (tx) => {
        const before = await legalTexts.read(tx, document);
        await legalTexts.write(tx, document, body);
        const after = await legalTexts.read(tx, document);
        await audit(tx, {
          actorId,
          action: 'legal.update',
          targetType: 'settings',
          targetId: document,
          before: { version: before.version, body: before.body },
          after: { version: after.version, body: after.body },
        });
      });
      return legalTexts.read(db, document);
    },
  };
}

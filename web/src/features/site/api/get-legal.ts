import { PUBLIC } from '@tollgate/contract/access/roles';
import type { LegalDocumentName, legalDocument } from '@tollgate/contract/general/legal';
import { call, routeOf } from '#lib/api-client.ts';

/** Schema-free (ADR 004); get-catalogue.test.ts pins it to the contract with the catalogue handles. */
export const legalRoute = routeOf<typeof legalDocument>({
  method: 'GET',
  path: '/api/v1/legal/{document}',
  roles: PUBLIC,
});

export function getLegal(document: LegalDocumentName, signal?: AbortSignal) {
  return call(legalRoute, { params: { document }, signal, quiet: true });
}

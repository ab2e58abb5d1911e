import { announcements, landing } from '@tollgate/contract/general/landing';
import { legalDocument, updateLegalDocument } from '@tollgate/contract/general/legal';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import type { createLandingService } from './landing.service';
import { createLegalService } from './legal.service';

export function settingsRoutes({
  db,
  landingService,
}: {
  db: Db;
  landingService: ReturnType<typeof createLandingService>;
}) {
  const legal = createLegalService({ db });
  return [
    route(landing, () => landingService.landing()),
    route(announcements, () => landingService.announcements()),
    route(legalDocument, ({ params }) => legal.read(params.document)),
    route(updateLegalDocument, ({ auth, params, body }) => legal.update(auth.accountId, params.document, body.body)),
  ];
}

import { adminSettings, testProxyExit, updateSettings } from '@tollgate/contract/admin/settings';
import { announcements, landing } from '@tollgate/contract/general/landing';
import { legalDocument, updateLegalDocument } from '@tollgate/contract/general/legal';
import type { Db } from '#platform/db/client.ts';
import { route } from '#platform/http/routes.ts';
import type { createLandingService } from './landing.service';
import { createLegalService } from './legal.service';
import { createSettingsService } from './settings.service';

export function settingsRoutes({
  db,
  landingService,
  exitCheckUrl,
}: {
  db: Db;
  landingService: ReturnType<typeof createLandingService>;
  exitCheckUrl: string;
}) {
  const legal = createLegalService({ db });
  const settings = createSettingsService({ db, exitCheckUrl });
  return [
    route(landing, () => landingService.landing()),
    route(announcements, () => landingService.announcements()),
    route(legalDocument, ({ params }) => legal.read(params.document)),
    route(updateLegalDocument, ({ auth, params, body }) => legal.update(auth.accountId, params.document, body.body)),
    route(adminSettings, () => settings.read()),
    route(updateSettings, ({ auth, body }) => settings.update(auth, body)),
    route(testProxyExit, ({ auth, body }) => settings.testExit(auth, body.exit)),
  ];
}

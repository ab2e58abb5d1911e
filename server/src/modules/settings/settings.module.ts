import type { Announcement } from '@tollgate/contract/general/landing';
import type { AppModule } from '#platform/module.ts';
import { createLandingService } from './landing.service';
import { settingsRoutes } from './settings.routes';

/**
 * Site settings, the landing page and the legal texts. The announcements come back too: the
 * customer's dashboard shows them beside their plans.
 */
export function settingsModule(
  deps: Parameters<typeof createLandingService>[0] & { exitCheckUrl: string },
): AppModule & { announcements: () => Promise<Announcement[]> } {
  const { exitCheckUrl, ...landingDeps } = deps;
  const landingService = createLandingService(landingDeps);
  return {
    routes: settingsRoutes({ db: deps.db, landingService, exitCheckUrl }),
    announcements: async () => (await landingService.announcements()).announcements,
  };
}

import { announcements, landing } from '@tollgate/contract/general/landing';
import { route } from '#platform/http/routes.ts';
import type { createLandingService } from './landing.service';

export function settingsRoutes({ landingService }: { landingService: ReturnType<typeof createLandingService> }) {
  return [route(landing, () => landingService.landing()), route(announcements, () => landingService.announcements())];
}

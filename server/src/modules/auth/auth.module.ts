import { publicBaseUrl } from '#platform/http/app-url.ts';
import type { AppModule } from '#platform/module.ts';
import type { AuthDeps } from './auth.deps';
import { authJobs } from './auth.jobs';
import { authFlowRoutes } from './auth-flows.routes';
import { createDeviceCookies } from './device-cookie';
import { createGoogleService } from './google.service';
import { createRegistrationService } from './registration.service';
import { createSessionService } from './session.service';
import { sessionRoutes } from './session.routes';
import { createTwoFactorService } from './two-factor.service';

/**
 * Signing up and in: sessions, two-factor, Google, the links mailed to confirm an address or reset a
 * password, and the sweep of sign-in back-offs gone quiet.
 */
export function authModule(deps: AuthDeps): AppModule {
  const devices = createDeviceCookies({ secret: deps.config.JWT_SECRET, secure: deps.config.isProduction });
  const sessions = createSessionService({ ...deps, devices });
  const publicUrl = publicBaseUrl(deps.config);
  return {
    routes: [
      ...sessionRoutes({ sessions, publicUrl }),
      ...authFlowRoutes({
        registration: createRegistrationService({ ...deps, devices }),
        twoFactor: createTwoFactorService({ ...deps, sessions }),
        google: createGoogleService({ ...deps, sessions, devices }),
        publicUrl,
      }),
    ],
    jobs: authJobs(deps.db),
  };
}

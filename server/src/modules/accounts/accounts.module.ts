import { publicBaseUrl } from '#platform/http/app-url.ts';
import type { RouteDefinition } from '#platform/http/routes.ts';
import { createAccountActionsService } from './account-actions.service';
import { accountCreateRoutes } from './account-create.routes';
import { apiKeysRoutes } from './api-keys.routes';
import { createAccountCreateService } from './account-create.service';
import { createAccountDeletionService } from './account-deletion.service';
import { createAccountEditService } from './account-edit.service';
import { createAccountPageService } from './account-page.service';
import type { AccountsDeps } from './accounts.deps';
import { accountsRoutes } from './accounts.routes';
import { authFlowRoutes } from './auth-flows.routes';
import { createAvatarService } from './avatar.service';
import { createDiscordService } from './discord.service';
import { createGoogleService } from './google.service';
import { createProfileService } from './profile.service';
import { profileRoutes } from './profile.routes';
import { createRegistrationService } from './registration.service';
import { createDeviceCookies } from './device-cookie';
import { createSessionService } from './session.service';
import { sessionRoutes } from './session.routes';
import { staffAccountsRoutes } from './staff-accounts.routes';
import { createTwoFactorService } from './two-factor.service';

/** Everything a person does with an account, and the staff lists of accounts. */
export function accountsModule(deps: AccountsDeps): RouteDefinition[] {
  const devices = createDeviceCookies({ secret: deps.config.JWT_SECRET, secure: deps.config.isProduction });
  const sessions = createSessionService({ ...deps, devices });
  const publicUrl = publicBaseUrl(deps.config);
  const deletion = createAccountDeletionService(deps);
  const avatar = createAvatarService(deps);
  return [
    ...sessionRoutes({ sessions, publicUrl }),
    ...authFlowRoutes({
      registration: createRegistrationService({ ...deps, devices }),
      twoFactor: createTwoFactorService({ ...deps, sessions }),
      google: createGoogleService({ ...deps, sessions, devices }),
      publicUrl,
    }),
    ...profileRoutes({
      profile: createProfileService(deps),
      avatar,
      discord: createDiscordService(deps),
      deletion,
      publicUrl,
    }),
    ...accountsRoutes({ db: deps.db, deletion }),
    ...apiKeysRoutes({ db: deps.db }),
    ...staffAccountsRoutes({
      page: createAccountPageService(deps),
      edit: createAccountEditService({ ...deps, publicUrl }),
      actions: createAccountActionsService({ ...deps, publicUrl, avatar }),
    }),
    ...accountCreateRoutes({ accountCreate: createAccountCreateService(deps), publicUrl }),
  ];
}

import { publicBaseUrl } from '#platform/http/app-url.ts';
import type { AppModule } from '#platform/module.ts';
import { accountDeletionRoutes } from './account-deletion.routes';
import { createAccountDeletionService, type AccountDeletionService } from './account-deletion.service';
import { apiKeysRoutes } from './api-keys.routes';
import { createAvatarService, type AvatarService } from './avatar.service';
import { createDiscordService } from './discord.service';
import type { ProfileDeps } from './profile.deps';
import { profileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';

/**
 * A customer's own account: settings, avatar, Discord, API keys, and deleting it (by its owner or by
 * staff). The avatar rules and the deletion come back too: the staff account page and the resellers
 * module use the same ones.
 */
export function profileModule(
  deps: ProfileDeps,
): AppModule & { avatar: AvatarService; deletion: AccountDeletionService } {
  const publicUrl = publicBaseUrl(deps.config);
  const avatar = createAvatarService(deps);
  const deletion = createAccountDeletionService(deps);
  return {
    routes: [
      ...profileRoutes({ profile: createProfileService(deps), avatar, discord: createDiscordService(deps), publicUrl }),
      ...accountDeletionRoutes({ deletion }),
      ...apiKeysRoutes({ db: deps.db }),
    ],
    avatar,
    deletion,
  };
}

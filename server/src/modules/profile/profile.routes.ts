import { cancelEmailSubscription, oneClickUnsubscribe } from '@tollgate/contract/profile/email-subscription';
import {
  changePassword,
  countries,
  deleteAvatar,
  discordStatus,
  linkDiscord,
  mySessions,
  profileEditToken,
  revokeSession,
  setEmailSubscription,
  unlinkDiscord,
  updateAvatar,
  updateBasicInfo,
} from '@tollgate/contract/profile/profile';
import { route } from '#platform/http/routes.ts';
import type { createAvatarService } from './avatar.service';
import type { createDiscordService } from './discord.service';
import type { createProfileService } from './profile.service';

export function profileRoutes(deps: {
  profile: ReturnType<typeof createProfileService>;
  avatar: ReturnType<typeof createAvatarService>;
  discord: ReturnType<typeof createDiscordService>;
  publicUrl: string;
}) {
  const { profile, avatar, discord, publicUrl } = deps;
  return [
    route(countries, async () => profile.countries()),
    route(profileEditToken, ({ auth, body }) => profile.editToken(auth.account, body.email)),
    route(updateBasicInfo, ({ auth, body }) => profile.updateBasicInfo(auth.account, body)),
    route(changePassword, ({ auth, body }) => profile.changePassword(auth.account, body, auth.sessionId)),
    route(updateAvatar, async ({ auth, request }) => avatar.upload(auth.account, await request.file())),
    route(deleteAvatar, ({ auth }) => avatar.remove(auth.account)),
    route(discordStatus, ({ auth }) => discord.status(auth.account, publicUrl)),
    route(linkDiscord, ({ auth, body }) => discord.link(auth.account, body, publicUrl)),
    route(unlinkDiscord, ({ auth }) => discord.unlink(auth.account, publicUrl)),
    route(mySessions, ({ auth }) => profile.sessions(auth.account, auth.sessionId)),
    route(revokeSession, ({ auth, params }) => profile.revokeSession(auth.account, params.sessionId)),
    route(setEmailSubscription, ({ auth, body }) => profile.setSubscription(auth.account, body)),
    route(cancelEmailSubscription, ({ query }) => profile.cancelSubscription(query.token)),
    // RFC 8058: the mail client's POST; answers without the address, to whoever holds the link.
    route(oneClickUnsubscribe, async ({ query }) => ({ topic: (await profile.cancelSubscription(query.token)).topic })),
  ];
}

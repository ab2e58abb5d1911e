import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { AppError } from '#platform/http/errors.ts';
import type { ProfileDeps } from './profile.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '#platform/db/errors.ts';

const STATE_TTL_MS = 10 * 60_000;
export const DISCORD_FAILED = 'Discord did not accept the link. Try again.';

/** Links a chat-community (Discord) account with the OAuth2 authorization-code flow. */
export function createDiscordService(deps: ProfileDeps) {
  const { DISCORD_CLIENT_ID: clientId, DISCORD_CLIENT_SECRET: clientSecret, DISCORD_API_URL: api } = deps.config;
  const redirectUri = (origin: string) => `${origin}/my-profile`;

  async function view(account: AccountRow, origin: string) {
    let authorizeUrl: string | null = null;
    if (clientId && !account.discordId) {
      const state = await oneTimeTokenStore.issue(deps.db, {
        accountId: account.id,
        purpose: 'discord_state',
        ttlMs: STATE_TTL_MS,
      });
      const url = new URL(deps.config.DISCORD_AUTHORIZE_URL);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        scope: 'identify',
        redirect_uri: redirectUri(origin),
        state,
        prompt: 'consent',
      }).toString();
      authorizeUrl = url.toString();
    }
    return {
      configured: Boolean(clientId),
      linked: Boolean(account.discordId),
      username: account.discordUsername,
      authorizeUrl,
    };
  }

  async function exchange(code: string, origin: string): Promise<{ id: string; username: string }> {
    const tokenResponse = await fetch(`${api}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clientId!,
        client_secret: clientSecret!,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri(origin),
      }),
    });
    if (!tokenResponse.ok) throw new AppError(400, DISCORD_FAILED);
    const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: string };
    if (!accessToken) throw new AppError(400, DISCORD_FAILED);
    const userResponse = await fetch(`${api}/users/@me`, { headers: { authorization: `Bearer ${accessToken}` } });
    if (!userResponse.ok) throw new AppError(400, DISCORD_FAILED);
    const user = (await userResponse.json()) as { id?: string; username?: string; global_name?: string | null };
    if (!user.id || !user.username) throw new AppError(400, DISCORD_FAILED);
    return { id: user.id, username: user.global_name ?? user.username };
  }

  return {
    status: view,

    async link(account: AccountRow, input: { code: string; state: string }, origin: string) {
      if (!clientId) throw new AppError(400, 'Discord linking is not configured');
      const state = await oneTimeTokenStore.consume(deps.db, 'discord_state', input.state);
      if (!state || state.accountId !== account.id)
        throw new AppError(400, 'This Discord link has expired. Start again.');
      const discord = await exchange(input.code, origin);
      try {
        const updated = await accountsRepository.update(deps.db, account.id, {
          discordId: discord.id,
          discordUsername: discord.username,
        });
        return view(updated ?? account, origin);
      } catch (error) {
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
          throw new AppError(400, 'That Discord account is linked to another account');
        throw error;
      }
    },

    async unlink(account: AccountRow, origin: string) {
      const updated = await accountsRepository.update(deps.db, account.id, { discordId: null, discordUsername: null });
      return view(updated ?? account, origin);
    },
  };
}

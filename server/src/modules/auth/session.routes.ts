import { login, logout, me } from '@tollgate/contract/auth/session';
import { route } from '#platform/http/routes.ts';
import { clientMeta } from './client-meta';
import type { SessionService } from './session.service';

export function sessionRoutes({ sessions, publicUrl }: { sessions: SessionService; publicUrl: string }) {
  return [
    route(
      login,
      async ({ body, request, reply, useMessage }) => {
        const { result, deviceCookie } = await sessions.login(body, clientMeta(request, publicUrl));
        if (deviceCookie) reply.header('set-cookie', deviceCookie);
        if ('twoFactorToken' in result) useMessage('twoFactorRequired');
        return result;
      },
      // Email and username spellings of one account share one per-IP bucket.
      { rateLimitKey: (value) => sessions.rateLimitKey(value) },
    ),
    route(me, async ({ auth }) => sessions.me(auth.account)),
    route(logout, ({ auth }) => sessions.logout(auth.sessionId)),
  ];
}

import { principalOf, type Principal, type Role } from '@tollgate/contract/access/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { forbidden, jwtExpired, sessionRevoked, unauthorized } from '../http/errors';
import type { SessionCache } from './session-cache';
import { sessionStore, type AccountRow } from './session-store';
import type { TokenService } from './tokens';

export interface AuthContext {
  accountId: string;
  sessionId: string;
  role: Role;
  reseller: boolean;
  principal: Principal;
  /**
   * The account as read for this request (or cached, ADR 024); handlers need not read it again. On
   * a call that also presents an API key its balance may predate the last order (ADR 043).
   */
  account: AccountRow;
}

const TOUCH_AFTER_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

const signedIn = new WeakMap<FastifyRequest, AuthContext>();
/** Who made this request, once it passed authorisation; null for public calls and refusals. */
export const signedInAs = (request: FastifyRequest): AuthContext | null => signedIn.get(request) ?? null;

/**
 * The one access-control decision for every route (deny by default): token -> session -> principal
 * -> the endpoint's declared roles. Public endpoints skip it entirely. The session and its account
 * come from this process's cache when it holds them (ADR 024), else from one indexed query.
 */
export function createAuthenticator(deps: { db: Db; tokens: TokenService; sessions: SessionCache }) {
  return async function authorize(
    request: FastifyRequest,
    roles: readonly Principal[],
    /** `forKeyCall`: an API key decided the caller's rights; the session need only still count (ADR 043). */
    options: { forKeyCall?: boolean } = {},
  ): Promise<AuthContext | null> {
    if (roles.includes('anonymous')) return null;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const verified = await deps.tokens.verify(token);
    if (!verified.ok) throw verified.reason === 'expired' ? jwtExpired() : unauthorized();
    const { sessionId, accountId } = verified.claims;
    const session =
      deps.sessions.get(sessionId, options) ??
      (await deps.sessions.load(accountId, () => sessionStore.findActive(deps.db, sessionId)));
    if (!session || session.account.id !== accountId) throw sessionRevoked();
    const { account } = session;
    const principal = principalOf(account);
    if (!roles.includes(principal)) throw forbidden();
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      deps.sessions.touched(sessionId);
      void sessionStore
        .touch(deps.db, session.sessionId)
        .catch((err) => request.log.warn({ err }, 'session touch failed'));
    }
    const auth: AuthContext = {
      accountId: account.id,
      sessionId: session.sessionId,
      role: account.role,
      reseller: account.reseller,
      principal,
      account,
    };
    signedIn.set(request, auth);
    return auth;
  };
}
export type Authorize = ReturnType<typeof createAuthenticator>;

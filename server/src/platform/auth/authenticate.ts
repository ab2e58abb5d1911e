import { principalOf, type Principal, type Role } from '@tollgate/contract/access/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { forbidden, jwtExpired, sessionRevoked, unauthorized } from '../http/errors';
import { sessionStore, type AccountRow } from './session-store';
import type { TokenService } from './tokens';

export interface AuthContext {
  accountId: string;
  sessionId: string;
  role: Role;
  reseller: boolean;
  principal: Principal;
  /** The account as read for this request; handlers need not read it again. */
  account: AccountRow;
}

const TOUCH_AFTER_MS = 60_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The one access-control decision for every route (deny by default): token -> session -> principal
 * -> the endpoint's declared roles. Public endpoints skip it entirely.
 */
export function createAuthenticator(deps: { db: Db; tokens: TokenService }) {
  return async function authorize(request: FastifyRequest, roles: readonly Principal[]): Promise<AuthContext | null> {
    if (roles.includes('anonymous')) return null;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const verified = await deps.tokens.verify(token);
    if (!verified.ok) throw verified.reason === 'expired' ? jwtExpired() : unauthorized();
    const session = await sessionStore.findActive(deps.db, verified.claims.sessionId);
    if (!session || session.account.id !== verified.claims.accountId) throw sessionRevoked();
    const { account } = session;
    const principal = principalOf(account);
    if (!roles.includes(principal)) throw forbidden();
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      void sessionStore
        .touch(deps.db, session.sessionId)
        .catch((err) => request.log.warn({ err }, 'session touch failed'));
    }
    return {
      accountId: account.id,
      sessionId: session.sessionId,
      role: account.role,
      reseller: account.reseller,
      principal,
      account,
    };
  };
}
export type Authorize = ReturnType<typeof createAuthenticator>;

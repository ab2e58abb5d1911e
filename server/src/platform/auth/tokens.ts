import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  sessionId: string;
  accountId: string;
}

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'tollgate';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const AUDIENCE = 'tollgate-api';

/** HS256 access tokens carrying the session id; the session row decides whether it still counts. */
export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  // Signature checks cost more than the session query; a token's verdict never changes except by
  // expiry, which is re-checked on every hit. Revocation is the session row's job, not this cache's.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const MAX_CACHED = 10_000;
  return {
    async sign(claims: AccessClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.accountId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token: string): Promise<VerifyResult> {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > Date.now()) return { ok: true, claims: hit.claims };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        // Ids are UUIDs; anything else (a token signed elsewhere with a leaked key) is not ours.
        if (!isUuid(payload.sid) || !isUuid(payload.sub) || typeof payload.exp !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        const claims = { sessionId: payload.sid, accountId: payload.sub };
        if (verified.size >= MAX_CACHED) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, exp: payload.exp });
        return { ok: true, claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

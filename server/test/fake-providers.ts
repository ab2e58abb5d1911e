import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Publishes a JWKS like Google's and signs ID tokens with its key (or with a stranger's key). */
export async function startFakeGoogle(clientId: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  const url = await listen(server);
  return {
    jwksUrl: `${url}/oauth2/v3/certs`,
    async idToken(
      claims: Record<string, unknown>,
      options: { audience?: string; expiresIn?: string; issuer?: string; foreignKey?: boolean } = {},
    ) {
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '10m')
        .sign(options.foreignKey ? stranger.privateKey : privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Speaks Discord's OAuth2 token exchange and /users/@me for one known code. */
export async function startFakeDiscord(options: {
  clientId: string;
  clientSecret: string;
  code: string;
  user: { id: string; username: string };
}) {
  const requests: { path: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/oauth2/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        const ok =
          form.get('code') === options.code &&
          form.get('client_id') === options.clientId &&
          form.get('client_secret') === options.clientSecret &&
          form.get('grant_type') === 'authorization_code';
        res.statusCode = ok ? 200 : 400;
        return res.end(
          JSON.stringify(ok ? { access_token: 'discord-access', token_type: 'Bearer' } : { error: 'invalid_grant' }),
        );
      }
      if (req.url === '/api/users/@me' && req.headers.authorization === 'Bearer discord-access') {
        return res.end(JSON.stringify({ ...options.user, global_name: null }));
      }
      res.statusCode = 401;
      res.end(JSON.stringify({ message: '401: Unauthorized' }));
    });
  });
  const url = await listen(server);
  return { apiUrl: `${url}/api`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

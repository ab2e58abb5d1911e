import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { startGateway, type Gateway } from '@tollgate/gateway/gateway';
import { createMemoryStore } from '@tollgate/gateway/memory-store';
import { allowingOrigin } from '@tollgate/gateway/testing/loopback';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testExit } from '#modules/settings/exit-test.ts';
import { createTestServer, type TestServer } from './harness';

// "Test this exit" on the settings screen: one real connection through the exit, built as the
// gateway builds it, to a check service that answers the address it saw (here a local one).

let check: http.Server;
let checkUrl: string;
let server: TestServer;
let admin: string;
let manager: string;
let upstream: Gateway;
let memory: ReturnType<typeof createMemoryStore>;
const proxyUser = { user: 'upstreamuser', pass: 'upstream-password' };
/** How the check service answers: JSON `{ ip }` as ipify does, or otherwise. */
let answer: 'json' | 'text' | 'broken' | 'nonsense' = 'json';

beforeAll(async () => {
  check = http.createServer((req, res) => {
    const seen = req.socket.remoteAddress!.replace(/^::ffff:/, '');
    if (req.url !== '/ip?format=json') return void res.writeHead(404).end();
    if (answer === 'text') return void res.end(`${seen}\n`);
    if (answer === 'broken') return void res.writeHead(503).end('down');
    if (answer === 'nonsense') return void res.end('<html>hello</html>');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ip: seen }));
  });
  await new Promise<void>((resolve) => check.listen(0, '127.0.0.1', resolve));
  checkUrl = `http://127.0.0.1:${(check.address() as AddressInfo).port}`;
  server = await createTestServer({ env: { EXIT_CHECK_URL: `${checkUrl}/ip?format=json` } });
  admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  manager = await server.tokenFor(await server.buildAccount({ role: 'Manager' }));
  // Another proxy to chain to: a gateway of our own, which may reach the local check service.
  memory = createMemoryStore({
    subscriptions: [
      {
        subscriptionId: 'upstream-plan',
        user: proxyUser.user,
        password: proxyUser.pass,
        planType: 'residential',
        threads: 0,
        remainingBytes: null,
      },
    ],
    exits: allowingOrigin(),
  });
  upstream = await startGateway({ store: memory.store, host: '127.0.0.1', httpPort: 0, socksPort: 0 });
});
afterAll(async () => {
  await upstream?.close();
  await server?.close();
  await new Promise((resolve) => check?.close(resolve));
});

const tryExit = (exit: Record<string, unknown>, token = admin) =>
  server.request('POST', '/api/v1/admin/settings/own-servers/test', { token, body: { exit } });

/** A port nothing listens on. */
async function closedPort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('testing an exit', () => {
  it('leaves directly and reports the address the check service saw, for a Manager too', async () => {
    const res = await tryExit({ type: '*', country: '*' }, manager);
    expect(res.body).toMatchObject({ status: 200, message: 'Exit tested' });
    expect(res.body.payload).toMatchObject({ ok: true, exitIp: '127.0.0.1', error: null });
    expect(res.body.payload.ms).toBeGreaterThanOrEqual(0);
    expect(res.body.payload.ms).toBeLessThan(10_000);
  });

  it('leaves from the bind address, or from a fresh address of the prefix', async () => {
    const bound = await tryExit({ country: 'us', bind: '127.0.0.7' });
    expect(bound.body.payload).toMatchObject({ ok: true, exitIp: '127.0.0.7' });
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const drawn = await tryExit({ prefix: '127.42.0.0/16' });
      expect(drawn.body.payload.ok).toBe(true);
      expect(drawn.body.payload.exitIp).toMatch(/^127\.42\.\d+\.\d+$/);
      seen.add(drawn.body.payload.exitIp);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('chains through an upstream HTTP or SOCKS5 proxy, which carries the traffic', async () => {
    for (const scheme of ['http', 'socks5'] as const) {
      const port = scheme === 'http' ? upstream.httpPort : upstream.socksPort;
      const before = upstream.meteredBytes('upstream-plan');
      const res = await tryExit({ upstream: `${scheme}://${proxyUser.user}:${proxyUser.pass}@127.0.0.1:${port}` });
      expect(res.body.payload).toMatchObject({ ok: true, exitIp: '127.0.0.1', error: null });
      expect(upstream.meteredBytes('upstream-plan')).toBeGreaterThan(before);
    }
  });

  it('answers ok: false with a sentence when the connection fails, never an error', async () => {
    const port = await closedPort();
    const refused = await tryExit({ upstream: `http://someone:pw@127.0.0.1:${port}` });
    expect(refused.body).toMatchObject({ status: 200, message: 'Exit tested' });
    expect(refused.body.payload).toMatchObject({
      ok: false,
      exitIp: null,
      error: `The upstream proxy 127.0.0.1:${port} refused the connection`,
    });
    const wrongPassword = await tryExit({ upstream: `http://${proxyUser.user}:wrong@127.0.0.1:${upstream.httpPort}` });
    expect(wrongPassword.body.payload).toMatchObject({
      ok: false,
      error: `The upstream proxy 127.0.0.1:${upstream.httpPort} refused its user name or password (HTTP 407)`,
    });
    expect(wrongPassword.text).not.toContain('wrong@');
    const socks = await tryExit({ upstream: `socks5://${proxyUser.user}:wrong@127.0.0.1:${upstream.socksPort}` });
    expect(socks.body.payload.ok).toBe(false);
    expect(socks.body.payload.error).toMatch(new RegExp(`^The SOCKS5 upstream 127\\.0\\.0\\.1:${upstream.socksPort}`));
    const foreign = await tryExit({ bind: '203.0.113.9' });
    expect(foreign.body.payload).toMatchObject({
      ok: false,
      error:
        '203.0.113.9 is not an address of this server: bind and prefix addresses must be configured on the host that sends the traffic',
    });
  });

  it('lets a Manager test only the exits saved in OwnServers', async () => {
    const saved = { type: 'residential', country: 'us', bind: '127.0.0.11', label: 'Lab' };
    const put = await server.request('PUT', '/api/v1/admin/settings', {
      token: admin,
      body: { OwnServers: JSON.stringify({ exits: [saved] }) },
    });
    expect(put.status).toBe(200);
    // The same exit as the editor sends it back: keys in any order, defaults spelled out or not.
    const same = await tryExit({ label: 'Lab', bind: '127.0.0.11', country: 'US', type: 'residential' }, manager);
    expect(same.body.payload).toMatchObject({ ok: true, exitIp: '127.0.0.11' });
    const port = await closedPort();
    const probe = await tryExit({ upstream: `http://10.0.0.5:${port}` }, manager);
    expect(probe.body).toMatchObject({
      status: 403,
      message: 'A Manager may test only the exits saved in OwnServers; an Administrator can test new ones',
    });
    // Back to no setting: the default direct exit, which the other tests' Manager uses.
    await server.request('PUT', '/api/v1/admin/settings', { token: admin, body: { OwnServers: '' } });
  });

  it('refuses an exit that is not one, before connecting anywhere', async () => {
    for (const exit of [{ upstream: 'ftp://example.test' }, { bind: 'nowhere' }, { prefix: '10.0.0.0/33' }, 'x']) {
      const res = await server.request('POST', '/api/v1/admin/settings/own-servers/test', {
        token: admin,
        body: { exit },
      });
      expect(res.body).toMatchObject({ status: 400, message: 'Validation Error' });
    }
  });
});

describe('what the check service answers', () => {
  const withAnswer = async (kind: typeof answer, exit: Record<string, unknown> = {}) => {
    answer = kind;
    try {
      return (await tryExit(exit)).body.payload;
    } finally {
      answer = 'json';
    }
  };

  it('reads a plain-text address, and explains an error page or an answer that is no address', async () => {
    expect(await withAnswer('text', { bind: '127.0.0.9' })).toMatchObject({ ok: true, exitIp: '127.0.0.9' });
    expect(await withAnswer('broken')).toMatchObject({
      ok: false,
      error: `The check service ${new URL(checkUrl).host} answered HTTP 503`,
    });
    expect(await withAnswer('nonsense')).toMatchObject({
      ok: false,
      error: 'The check service answered, but not with an address: "<html>hello</html>"',
    });
  });
});

// A self-signed certificate for 127.0.0.1 (EC P-256, valid until 2125), made for this test only.
const SELF_SIGNED = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgbpofY+b6WI02S0te
ho4/Z5GunI6rxJXuTntjya0bCFmhRANCAATBitgCkZgAeYtzxAp+Gyk/FSrpyYaK
z3Z9EcwQKY+jVRJegMz8FsJCQF1s69UX4H6LZvcxRdDgx5q1LQrIjjUa
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBkDCCATagAwIBAgIULPjg1yWKKLyBd+RihdMutWZfTQMwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNTA1MjM1MloYDzIxMjYxMTAx
MDUyMzUyWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAATBitgCkZgAeYtzxAp+Gyk/FSrpyYaKz3Z9EcwQKY+jVRJegMz8FsJC
QF1s69UX4H6LZvcxRdDgx5q1LQrIjjUao2QwYjAdBgNVHQ4EFgQUHUSWyerZfDPZ
bPqljkyxXuYqcdQwHwYDVR0jBBgwFoAUHUSWyerZfDPZbPqljkyxXuYqcdQwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0gAMEUC
IQDmM6aN6NiO0GB9kiJA7Vz3PF/2+zHbkkqUvZQpyrIgEgIgCZwB9Gd2GjHpHBf/
/ZMjrxeZLA4CJV1/LVuHnIg4kMw=
-----END CERTIFICATE-----`,
};

describe('an https check service', () => {
  it('speaks TLS through the exit and verifies the certificate', async () => {
    const secure = https.createServer(SELF_SIGNED, (_req, res) => res.end('{"ip":"127.0.0.1"}'));
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(secure.address() as AddressInfo).port}/`;
    try {
      // The service itself, without a second server: the same function the endpoint calls.
      const result = await testExit(
        {
          type: '*',
          country: '*',
          upstream: `http://${proxyUser.user}:${proxyUser.pass}@127.0.0.1:${upstream.httpPort}`,
        },
        { checkUrl: url },
      );
      // A certificate nobody vouches for is refused, as it would be for a real exit check.
      expect(result).toMatchObject({
        ok: false,
        error: `The secure connection to the check service ${new URL(url).host} failed: self-signed certificate`,
      });
    } finally {
      await new Promise((resolve) => secure.close(resolve));
    }
  });
});

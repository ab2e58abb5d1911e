import { PRINCIPALS, type Principal } from '@tollgate/contract/access/roles';
import { endpoints } from '@tollgate/contract/endpoints';
import type { Endpoint } from '@tollgate/contract/endpoint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyStore } from '#platform/auth/api-keys.ts';
import { createTestServer, type TestServer } from './harness';

const ACCOUNT_OF: Record<
  Exclude<Principal, 'anonymous'>,
  { role: 'User' | 'Administrator' | 'Manager' | 'Support'; reseller: boolean }
> = {
  User: { role: 'User', reseller: false },
  Reseller: { role: 'User', reseller: true },
  Support: { role: 'Support', reseller: false },
  Manager: { role: 'Manager', reseller: false },
  Administrator: { role: 'Administrator', reseller: false },
};

/** Ids of the caller's own account where the path names an account, so ownership is not what is tested. */
const samplePath = (e: Endpoint, ownId: string | undefined) =>
  e.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    // Staff deleting an account needs no body (issue 33): an unknown id, or they would delete themselves.
    name === 'userId' && ownId && !(e.method === 'DELETE' && e.path === '/api/v1/admin/accounts/{userId}')
      ? ownId
      : '00000000-0000-4000-8000-000000000000',
  );
let caseNumber = 0;

let server: TestServer;
const accountIds = new Map<Principal, string>();
/** Customer API calls take an API key instead of a token (ADR 038): each principal's own key. */
const apiKeys = new Map<Principal, string>();

beforeAll(async () => {
  // Each case comes from its own client address, so per-client rate limits never decide a case.
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  for (const [principal, shape] of Object.entries(ACCOUNT_OF)) {
    const account = await server.buildAccount(shape);
    accountIds.set(principal as Principal, account.id);
    const { key } = await apiKeyStore.create(server.database.db, {
      accountId: account.id,
      name: 'matrix',
      scope: 'read-write',
    });
    apiKeys.set(principal as Principal, key);
  }
});
afterAll(() => server.close());

describe('access matrix: every contract endpoint x every caller', () => {
  const cases = endpoints.flatMap((endpoint) => PRINCIPALS.map((principal) => ({ endpoint, principal })));

  it.each(cases)('$endpoint.method $endpoint.path as $principal', async ({ endpoint, principal }) => {
    // A fresh session per call, so calls such as logout cannot affect the next row.
    const token = principal === 'anonymous' ? undefined : await server.tokenFor({ id: accountIds.get(principal)! });
    const n = ++caseNumber;
    const key = endpoint.keyAuth ? apiKeys.get(principal) : undefined;
    const res = await server.request(endpoint.method, samplePath(endpoint, accountIds.get(principal)), {
      // Reseller calls take the key plus the caller's bearer token (spec §6); other key calls the key only.
      ...(token && (!endpoint.keyAuth || endpoint.apiKey) ? { token } : {}),
      ...(endpoint.body ? { body: {} } : {}),
      headers: {
        'x-forwarded-for': `198.51.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        ...(key ? { 'x-api-key': key } : {}),
      },
    });
    const allowed = endpoint.roles.includes('anonymous') || endpoint.roles.includes(principal);
    if (endpoint.keyAuth && principal === 'anonymous') {
      // A script's missing key is a 401 of its own, never the sign-out 403 of the web client.
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('API key required');
    } else if (allowed) {
      // Allowed callers get past access control: success, or a complaint about their input.
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else if (principal === 'anonymous') {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('unauthorized');
    } else {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('forbidden');
    }
  });

  it('the server registered every contract endpoint', async () => {
    // hasRoute asks the router itself; the printed route tree splits shared prefixes (renew, renew-quote).
    for (const endpoint of endpoints) {
      expect(server.app.hasRoute({ method: endpoint.method, url: endpoint.path.replace(/\{(\w+)\}/g, ':$1') })).toBe(
        true,
      );
    }
  });
});

describe('Support', () => {
  it('reaches outside /support only the ticket desk, its notifications and customer suggestions (DESIGN §10)', () => {
    // Pinned, so widening Support's reach (money, settings) is a decision this list has to show.
    const outside = endpoints
      .filter((e) => e.roles.includes('Support') && !e.roles.includes('User') && !e.path.startsWith('/api/v1/support/'))
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(outside).toEqual(
      [
        'GET /api/v1/admin/ticket',
        'GET /api/v1/admin/ticket/{id}',
        'POST /api/v1/admin/ticket',
        'PUT /api/v1/admin/ticket/{id}/assignee',
        'DELETE /api/v1/admin/ticket/{id}',
        'POST /api/v1/admin/ticket/{id}/reopen',
        'GET /api/v1/admin/ticket-stats',
        'GET /api/v1/admin/ticket-assignees',
        'POST /api/v1/admin/ticket-attachments',
        'GET /api/v1/admin/ticket/{id}/attachments/{attachmentId}',
        'GET /api/v1/admin/notification',
        'GET /api/v1/admin/mark-notification',
        'GET /api/v1/admin/mark-notification/{id}',
        'GET /api/v1/admin/suggestions',
        'DELETE /api/v1/admin/suggestions/{suggestionId}',
      ].sort(),
    );
  });
});

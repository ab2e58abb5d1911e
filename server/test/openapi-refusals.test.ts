import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_BALANCE } from '@tollgate/contract/checkout/purchase';
import { MESSAGES } from '@tollgate/contract/http/messages';
import { API_KEY_INVALID, API_KEY_MISSING } from '@tollgate/contract/profile/api-keys';
import {
  BEARER_INVALID,
  BEARER_MISMATCH,
  BEARER_MISSING,
  IDEMPOTENCY_REUSED,
} from '@tollgate/contract/reseller/reseller-api';
import { buildPlan, fund } from './commerce';
import { createTestServer, type TestResponse, type TestServer } from './harness';

// Issue 33 item 4 (rules 136, 139): the OpenAPI document the server serves says what the server
// checks. For a sample of operations each refusal is provoked over real HTTP, and its status and
// exact message are found among the ones the served document lists for that operation.
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: DocContent }> }>>;
};
type DocContent = { 'application/json': { schema: { properties: { message: { enum?: string[] } } } } };

let server: TestServer;
let doc: Doc;
let adminToken: string;
let reseller: { id: string; key: string; token: string; subUser: string };
let broke: { key: string; token: string; subUser: string };
let planId: string;
let n = 0;

async function newReseller(funded: boolean) {
  const i = ++n;
  const made = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: {
      ...{ email: `refusals-reseller${i}@example.test`, username: `refusals_reseller_${i}`, resiprice: 2 },
      ...{ mobileprice: 3, dataprice1: 1, dataprice7: 1, dataprice30: 1, ispprice: 1, gbvalue: 0 },
      ...{ ipv6white: 3, datawhite: 3, value: 0 },
    },
  });
  expect(made.status).toBe(200);
  const id = made.body.payload.reseller.id as string;
  if (funded) await fund(server, adminToken, id, 100);
  const me = { id, key: made.body.payload.apiKey as string, token: await server.tokenFor({ id }) };
  const sub = await server.request('POST', '/api/v1/reseller/sub-users', {
    token: me.token,
    headers: { 'x-api-key': me.key },
    body: { username: `refusals_sub_${i}`, email: `refusals-sub${i}@example.test` },
  });
  expect(sub.status).toBe(200);
  return { ...me, subUser: sub.body.payload.id as string };
}

beforeAll(async () => {
  server = await createTestServer();
  adminToken = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  doc = (await server.request('GET', '/api/v1/openapi.json')).body as unknown as Doc;
  planId = (await buildPlan(server)).id;
  reseller = await newReseller(true);
  broke = await newReseller(false);
});
afterAll(() => server.close());

/** The refusal is documented for the operation under its status, with exactly this message. */
function expectDocumented(method: string, path: string, res: TestResponse, status: number, message: string) {
  expect([res.status, res.body.message, res.body.status]).toEqual([status, message, status]);
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  expect(response, `${status} of ${method} ${path}`).toBeDefined();
  expect(response!.content!['application/json'].schema.properties.message.enum).toContain(message);
}

const SUB_USERS = '/api/v1/reseller/sub-users';
const SALE = '/api/v1/reseller/sub-users/{id}/plans';
const saleOf = (subUser: string) => `/api/v1/reseller/sub-users/${subUser}/plans`;
const sale = { planId: '', region: 'US', bandwidth: 1, days: 30 };

describe('the served OpenAPI lists each refusal the server sends, with its exact message', () => {
  it('reseller calls: a missing or unknown key, then each way the bearer token beside it fails', async () => {
    const get = (headers: Record<string, string>, token?: string) =>
      server.request('GET', SUB_USERS, { headers, ...(token ? { token } : {}) });
    expectDocumented('GET', SUB_USERS, await get({}), 401, API_KEY_MISSING);
    const unknown = `tg_live_${'A'.repeat(43)}`;
    expectDocumented('GET', SUB_USERS, await get({ 'x-api-key': unknown }, reseller.token), 401, API_KEY_INVALID);
    expectDocumented('GET', SUB_USERS, await get({ 'x-api-key': reseller.key }), 401, BEARER_MISSING);
    expectDocumented('GET', SUB_USERS, await get({ 'x-api-key': reseller.key }, 'not.a.token'), 401, BEARER_INVALID);
    expectDocumented('GET', SUB_USERS, await get({ 'x-api-key': reseller.key }, broke.token), 401, BEARER_MISMATCH);
    const expired = await server.tokenFor({ id: reseller.id }, { expiresAt: new Date(Date.now() - 60_000) });
    expectDocumented('GET', SUB_USERS, await get({ 'x-api-key': reseller.key }, expired), 401, MESSAGES.jwtExpired);
  });

  it('a sub-user sale: bad input, a malformed or reused Idempotency-Key, an unknown sub-user, a short balance', async () => {
    const sell = (who: typeof reseller | typeof broke, subUser: string, body: unknown, idem?: string) =>
      server.request('POST', saleOf(subUser), {
        token: who.token,
        body,
        headers: { 'x-api-key': who.key, ...(idem ? { 'idempotency-key': idem } : {}) },
      });
    const good = { ...sale, planId };
    expectDocumented('POST', SALE, await sell(reseller, reseller.subUser, { region: 'US' }), 400, MESSAGES.validation);
    expectDocumented('POST', SALE, await sell(reseller, reseller.subUser, good, 'no'), 400, MESSAGES.validation);
    const unknown = '6f1d2c3b-4a5d-4c55-9a0e-3f1c2b9e8a41';
    expectDocumented('POST', SALE, await sell(reseller, unknown, good, 'refusals-404-1'), 404, MESSAGES.notFound);
    expectDocumented(
      'POST',
      SALE,
      await sell(broke, broke.subUser, good, 'refusals-short-1'),
      400,
      INSUFFICIENT_BALANCE,
    );
    expect((await sell(reseller, reseller.subUser, good, 'refusals-once-1')).status).toBe(200);
    const reused = await sell(reseller, reseller.subUser, { ...good, days: 7 }, 'refusals-once-1');
    expectDocumented('POST', SALE, reused, 422, IDEMPOTENCY_REUSED);
  });

  it('session calls: no token is unauthorized, a customer on a staff call is forbidden', async () => {
    expectDocumented(
      'GET',
      '/api/v1/auth/me',
      await server.request('GET', '/api/v1/auth/me'),
      403,
      MESSAGES.unauthorized,
    );
    const customer = await server.tokenFor(await server.buildAccount());
    const staffCall = await server.request('POST', '/api/v1/admin/reseller', { token: customer, body: {} });
    expectDocumented('POST', '/api/v1/admin/reseller', staffCall, 403, MESSAGES.forbidden);
  });

  it('the Customer API: no key, then an unknown one', async () => {
    const path = '/api/v1/customer/proxy-info';
    expectDocumented('GET', path, await server.request('GET', path), 401, API_KEY_MISSING);
    const unknown = await server.request('GET', path, { headers: { 'x-api-key': `tg_live_${'B'.repeat(43)}` } });
    expectDocumented('GET', path, unknown, 401, API_KEY_INVALID);
  });
});

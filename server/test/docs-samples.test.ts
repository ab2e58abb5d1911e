import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_IMPORT,
  clientExample,
  curlExample,
  KEY_ENV,
  nodeExample,
  phpExample,
  pythonExample,
  TOKEN_ENV,
  type ExampleCall,
} from '@tollgate/contract/api-samples';
import { createClient } from '@tollgate/contract/client';
import { buildPlan, fund, moneyOf } from './commerce';
import { createTestServer, type TestServer } from './harness';

// Issue 33 item 5: every code sample the documentation pages show (contract/src/api-samples, the
// same generators the pages call) is run against a running shop as a reader would run it: curl in
// a shell, Python with requests, Node with its fetch, PHP with its HTTP stream wrapper (php-cli,
// which .ci/run installs where it is missing), and the typed client.
const run = promisify(execFile);
let server: TestServer;
let dir: string;
let env: Record<string, string>;
let customerKey: string;
let reseller: { id: string; key: string; token: string; subUser: string; plan: string };

beforeAll(async () => {
  server = await createTestServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'tollgate-samples-'));
  const admin = await server.tokenFor(await server.buildAccount({ role: 'Administrator' }));
  const made = await server.request('POST', '/api/v1/admin/reseller', {
    token: admin,
    body: {
      ...{ email: 'samples-reseller@example.test', username: 'samples_reseller', resiprice: 2, mobileprice: 3 },
      ...{ dataprice1: 1, dataprice7: 1, dataprice30: 1, ispprice: 1, gbvalue: 0, ipv6white: 3, datawhite: 3 },
      value: 0,
    },
  });
  const id = made.body.payload.reseller.id as string;
  await fund(server, admin, id, 100);
  const key = made.body.payload.apiKey as string;
  const token = await server.tokenFor({ id });
  const sub = await server.request('POST', '/api/v1/reseller/sub-users', {
    token,
    headers: { 'x-api-key': key },
    body: { username: 'samples_sub', email: 'samples-sub@example.test' },
  });
  reseller = { id, key, token, subUser: sub.body.payload.id as string, plan: (await buildPlan(server)).id };
  const customer = await server.tokenFor(await server.buildAccount());
  const created = await server.request('POST', '/api/v1/public/api-keys', {
    token: customer,
    body: { name: 'samples', scope: 'read-only' },
  });
  customerKey = created.body.payload.key as string;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

/** Runs a program with the sample's credentials in the environment, as the page tells the reader to. */
async function runWith(credentials: { apiKey: string; token?: string }, file: string, args: string[]) {
  env = { ...(process.env as Record<string, string>), [KEY_ENV]: credentials.apiKey };
  if (credentials.token) env[TOKEN_ENV] = credentials.token;
  return run(file, args, { env, timeout: 30_000 });
}
function saved(name: string, text: string) {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The typed client's sample as written, its import given by the test (it resolves in the repo only). */
async function runClientSample(sample: string, credentials: { apiKey: string; token?: string }) {
  expect(sample.startsWith(CLIENT_IMPORT)).toBe(true);
  const logged: unknown[] = [];
  const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const body = new AsyncFunction('createClient', 'process', 'console', sample.slice(CLIENT_IMPORT.length));
  const fakeEnv = { [KEY_ENV]: credentials.apiKey, ...(credentials.token ? { [TOKEN_ENV]: credentials.token } : {}) };
  await body(createClient, { env: fakeEnv }, { log: (value: unknown) => logged.push(value) });
  return logged[0];
}

describe('the documentation samples, run against a running shop', () => {
  it('Customer API proxy info: curl, Python, Node, PHP and the typed client answer the customer’s plans', async () => {
    const call: ExampleCall = {
      origin: server.url,
      path: '/api/v1/customer/proxy-info',
      query: { plan: '' },
      auth: ['apiKey'],
      operationId: 'customerProxyInfo',
      params: {},
    };
    const credentials = { apiKey: customerKey };
    const curl = await runWith(credentials, 'sh', ['-c', curlExample(call)]);
    expect(JSON.parse(curl.stdout)).toEqual({ status: 200, message: 'Proxy info', payload: { plans: [] } });
    const python = await runWith(credentials, 'python3', [saved('info.py', pythonExample(call))]);
    expect(python.stdout.trim()).toBe("{'plans': []}");
    const node = await runWith(credentials, process.execPath, [saved('info.mjs', nodeExample(call))]);
    expect(node.stdout.trim()).toBe('{ plans: [] }');
    const php = await runWith(credentials, 'php', [saved('info.php', phpExample(call))]);
    expect(JSON.parse(php.stdout)).toEqual({ plans: [] });
    expect(await runClientSample(clientExample(call), credentials)).toEqual({ plans: [] });
  });

  it('reseller sub-user sale: each sample sells once per Idempotency-Key, the typed client with its own', async () => {
    const body = { planId: reseller.plan, region: 'US', bandwidth: 1, days: 30 };
    const call = (idempotencyKey: string): ExampleCall => ({
      origin: server.url,
      method: 'post',
      path: `/api/v1/reseller/sub-users/${reseller.subUser}/plans`,
      query: {},
      auth: ['apiKey', 'bearer'],
      headers: { 'Idempotency-Key': idempotencyKey },
      body,
      operationId: 'resellerSellSubUserPlan',
      params: { id: reseller.subUser },
    });
    const credentials = { apiKey: reseller.key, token: reseller.token };
    const balance = async () => (await moneyOf(server, reseller.id)).balanceCents;
    const before = await balance();

    const curl = await runWith(credentials, 'sh', ['-c', curlExample(call('samples-curl-0001'))]);
    expect(JSON.parse(curl.stdout)).toMatchObject({ status: 200, message: 'Plan purchased' });
    // The same sample run again (a retry) answers the first result and charges nothing more.
    const retried = await runWith(credentials, 'sh', ['-c', curlExample(call('samples-curl-0001'))]);
    expect(JSON.parse(retried.stdout).payload).toEqual(JSON.parse(curl.stdout).payload);
    expect(await balance()).toBe(before - 200);

    const python = await runWith(credentials, 'python3', [saved('sale.py', pythonExample(call('samples-py-0001')))]);
    expect(python.stdout).toContain("'subscriptionId':");
    const node = await runWith(credentials, process.execPath, [
      saved('sale.mjs', nodeExample(call('samples-node-0001'))),
    ]);
    expect(node.stdout).toContain('subscriptionId:');
    const php = await runWith(credentials, 'php', [saved('sale.php', phpExample(call('samples-php-0001')))]);
    expect(JSON.parse(php.stdout).subscriptionId).toEqual(expect.any(String));
    // Run again with its key, the PHP sample answers the same sale and charges nothing more.
    const phpAgain = await runWith(credentials, 'php', [saved('sale.php', phpExample(call('samples-php-0001')))]);
    expect(JSON.parse(phpAgain.stdout)).toEqual(JSON.parse(php.stdout));
    const client = (await runClientSample(clientExample(call('samples-client-0001')), credentials)) as {
      subscriptionId: string;
    };
    expect(client.subscriptionId).toEqual(expect.any(String));
    expect(await balance()).toBe(before - 5 * 200);
  });

  it('reseller general info: the curl sample with both credentials', async () => {
    const call: ExampleCall = {
      origin: server.url,
      path: '/api/v1/reseller/generalinfo',
      query: {},
      auth: ['apiKey', 'bearer'],
    };
    const curl = await runWith({ apiKey: reseller.key, token: reseller.token }, 'sh', ['-c', curlExample(call)]);
    expect(JSON.parse(curl.stdout)).toMatchObject({ status: 200, message: 'General info' });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlan, fund, resellerTerms } from './commerce';
import { createTestServer, type TestServer } from './harness';

// A schema fuzzer over every operation of the OpenAPI document the server publishes: wrong types,
// control characters, huge and tiny numbers, unicode, long strings, extra fields, as anonymous, a
// customer and an Administrator. Whatever it sends, the answer is never a 5xx and every error is
// the envelope. An attacker's fuzzer found 203 answers of 500 over 101 operations before this.

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
type Operation = {
  parameters?: { name: string; in: 'path' | 'query'; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const NASTY_STRINGS = [
  'before\u0000after',
  '\u0007\u001b[31mred',
  'del\u007f',
  'next\u0085line',
  'lone \ud800 half',
  '😀 ‮rtl e\u0301',
  '',
  ' ',
  "' OR 1=1 --",
  '../../etc/passwd',
  'x'.repeat(5_000),
];
const NASTY_NUMBERS = [1e30, -1e30, 1e-30, 2 ** 53 + 1, -1, 0, 0.001, 1.5];
const NASTY_VALUES: unknown[] = [
  ...NASTY_STRINGS,
  ...NASTY_NUMBERS,
  true,
  null,
  [],
  {},
  [1, 'a'],
  { nested: '\u0000' },
];

/** A deterministic pick, so a failure is the same on every run. */
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;

/** Bodies for one operation: wrong shapes, then each declared field set to each nasty value in turn. */
function bodiesFor(schema: Schema | undefined): unknown[] {
  const bodies: unknown[] = [undefined, null, [], 'text', 42, {}, { unexpected: 'field', __proto__: { x: 1 } }];
  const fields = Object.keys(schema?.properties ?? {});
  if (fields.length === 0) return bodies;
  for (let i = 0; i < NASTY_VALUES.length; i++) {
    const body: Record<string, unknown> = { extraField: pick(NASTY_STRINGS, i) };
    fields.forEach((field, f) => (body[field] = pick(NASTY_VALUES, i + f)));
    bodies.push(body);
  }
  // One field at a time with a NUL, the rest plausible: reaches deeper than an all-bad body.
  for (const field of fields) {
    const body: Record<string, unknown> = {};
    for (const other of fields) body[other] = other === field ? 'x\u0000y' : plausible(schema!.properties![other]!);
    bodies.push(body);
  }
  bodies.push('x'.repeat(100_000));
  return bodies;
}

function plausible(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type);
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'plausible';
}

/** Percent-encodes anything, a lone surrogate as the bytes of one (invalid UTF-8 on the wire). */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
};

const PATH_VALUES = () => [randomUUID(), '%00', 'not-a-uuid', '%E2%80%AE', '1e30', '-1', 'x'.repeat(200)];

let server: TestServer;
let known: { plan: string; account: string; subscription: string };
let operations: { method: string; path: string; operation: Operation }[];
const tokens: Record<'anonymous' | 'customer' | 'admin' | 'reseller', () => Promise<string | undefined>> = {
  anonymous: async () => undefined,
  customer: async () => undefined,
  admin: async () => undefined,
  reseller: async () => undefined,
};
/** The reseller API takes a key and an Idempotency-Key besides the token (a fresh one each call). */
let resellerKey = '';

beforeAll(async () => {
  server = await createTestServer({ env: { TRUST_PROXY: '127.0.0.1' } });
  const customer = await server.buildAccount();
  const admin = await server.buildAccount({ role: 'Administrator' });
  // Real ids reach past the 404s into quotes, renewals and generators.
  const adminToken = await server.tokenFor(admin);
  await fund(server, adminToken, customer.id, 50);
  const plan = await buildPlan(server);
  const bought = await server.request('POST', `/api/v1/public/plans/${plan.id}/purchase`, {
    token: await server.tokenFor(customer),
    body: { value: 1, country: 'US', paymentMethod: 'balance' },
  });
  known = { plan: plan.id, account: customer.id, subscription: bought.body.payload.subscriptionId as string };
  // A fresh session per operation: an operation that signs out must not blind the rest.
  tokens.customer = () => server.tokenFor(customer);
  tokens.admin = () => server.tokenFor(admin);
  const created = await server.request('POST', '/api/v1/admin/reseller', {
    token: adminToken,
    body: {
      email: 'fuzz-reseller@example.test',
      username: 'fuzz_reseller',
      ...resellerTerms({ gbvalue: 2, value: 10 }),
    },
  });
  const reseller = created.body.payload.reseller.id as string;
  resellerKey = created.body.payload.apiKey as string;
  await fund(server, adminToken, reseller, 50);
  tokens.reseller = () => server.tokenFor({ id: reseller });
  const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(() => server.close());

interface Finding {
  request: string;
  status: number;
  body: string;
}

async function fuzz(op: (typeof operations)[number], findings: Finding[], counter: { sent: number }) {
  const params = op.operation.parameters ?? [];
  const bodySchema = op.operation.requestBody?.content['application/json']?.schema;
  const bodies = op.operation.requestBody ? bodiesFor(bodySchema) : [undefined];
  const pathValues = PATH_VALUES();
  const cases: { path: string; body: unknown }[] = [];
  /** Case 0: real ids (a plan, the customer, their plan bought); others: random and malformed ones. */
  const realId = (name: string) =>
    /plan/i.test(name)
      ? known.plan
      : /user|account/i.test(name)
        ? known.account
        : /value/i.test(name)
          ? '5'
          : known.subscription;
  const fill = (i: number) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      i === 0 ? realId(name) : i === 1 ? randomUUID() : pick(pathValues, i),
    );
  for (let i = 0; i < pathValues.length; i++) cases.push({ path: fill(i), body: bodies[1 % bodies.length] });
  const query = params.filter((p) => p.in === 'query');
  for (let i = 0; i < NASTY_VALUES.length && query.length; i++) {
    const search = query.map((p, q) => `${encode(p.name)}=${encode(String(pick(NASTY_VALUES, i + q)))}`).join('&');
    cases.push({ path: `${fill(0)}?${search}&unknown=%00`, body: bodies[0] });
  }
  for (const body of bodies) cases.push({ path: fill(0), body });

  for (const role of ['anonymous', 'customer', 'admin', 'reseller'] as const) {
    const token = await tokens[role]();
    for (const c of cases) {
      counter.sent += 1;
      const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${counter.sent % 250}` };
      if (token) headers.authorization = `Bearer ${token}`;
      if (role === 'reseller') {
        headers['x-api-key'] = resellerKey;
        headers['idempotency-key'] = `fuzz-${counter.sent}-${randomUUID()}`;
      }
      let payload: string | undefined;
      if (c.body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = typeof c.body === 'string' && c.body.length > 1000 ? c.body : JSON.stringify(c.body);
      }
      const res = await fetch(`${server.url}${c.path}`, { method: op.method, headers, body: payload });
      const text = await res.text();
      const request = `${role} ${op.method} ${c.path.slice(0, 120)} ${String(payload).slice(0, 120)}`;
      if (res.status >= 500) {
        findings.push({ request, status: res.status, body: text.slice(0, 300) });
        continue;
      }
      if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
        const envelope = JSON.parse(text) as { status?: unknown; message?: unknown; payload?: unknown };
        if (envelope.status !== res.status || typeof envelope.message !== 'string' || !('payload' in envelope)) {
          findings.push({ request, status: res.status, body: `not an envelope: ${text.slice(0, 300)}` });
        }
      }
    }
  }
}

describe('a schema fuzzer over every operation', () => {
  it('never gets a 5xx, and every error is the envelope', { timeout: 240_000 }, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const findings: Finding[] = [];
    const counter = { sent: 0 };
    const queue = [...operations];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) await fuzz(op, findings, counter);
      }),
    );
    console.log(`api fuzz: ${operations.length} operations, ${counter.sent} requests, ${findings.length} findings`);
    for (const f of findings.slice(0, 400)) console.log(`FINDING ${f.status} ${f.request} => ${f.body}`);
    expect(findings).toEqual([]);
    expect(counter.sent).toBeGreaterThan(5_000);
  });
});

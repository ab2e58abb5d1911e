import { randomBytes } from 'node:crypto';
import { subscriptions } from '#modules/subscriptions/subscriptions.schema.ts';
import { buildPlan } from './commerce';
import type { TestServer } from './harness';

let caller = 0;

/**
 * A call from its own client address (the server trusts 127.0.0.1 as a proxy in these tests), so the
 * per-client rate limit on ticket creation never decides a case that is about something else.
 */
export function call(server: TestServer, method: string, path: string, token?: string, body?: unknown) {
  const n = ++caller;
  return server.request(method, path, {
    ...(token ? { token } : {}),
    ...(body === undefined ? {} : { body }),
    headers: { 'x-forwarded-for': `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` },
  });
}

export const newTicket = (overrides: Record<string, unknown> = {}) => ({
  subject: `Proxies stopped ${randomBytes(3).toString('hex')}`,
  category: 'proxies',
  message: 'They time out since this morning.',
  ...overrides,
});

/** Opens a ticket as `token` and returns its payload, failing loudly otherwise. */
export async function openTicket(server: TestServer, token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(server, 'POST', '/api/v1/public/ticket', token, newTicket(overrides));
  if (res.status !== 200) throw new Error(`ticket creation failed: ${res.text}`);
  return res.body.payload;
}

/** A plan the account owns, written straight to the table. */
export async function planOf(server: TestServer, accountId: string, label: string | null = null) {
  const plan = await buildPlan(server);
  const [row] = await server.database.db
    .insert(subscriptions)
    .values({
      accountId,
      planId: plan.id,
      planTitle: plan.title,
      label,
      planType: 'residential',
      status: 'active',
      country: 'US',
      bandwidthGb: 1,
      days: 30,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  return row!;
}

/** A real (tiny) PNG: signature, IHDR, IDAT, IEND. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export async function upload(
  server: TestServer,
  token: string,
  bytes: Buffer,
  options: { filename?: string; type?: string; staff?: boolean; field?: string } = {},
) {
  const form = new FormData();
  form.append(
    options.field ?? 'file',
    new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }),
    options.filename ?? 'shot.png',
  );
  const area = options.staff ? 'admin' : 'public';
  const n = ++caller;
  const res = await fetch(`${server.url}/api/v1/${area}/ticket-attachments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`,
    },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { status: number; message: string; payload: any } };
}

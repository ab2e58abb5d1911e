import type { PlanType } from '@tollgate/contract/plans/plans';
import { z } from 'zod';
import { PROVIDER_UNAVAILABLE, ProxyBackendError, refusesTheRequest, type ProxyBackend } from './backend';

export interface UpstreamOptions {
  /** The reseller API's root, e.g. https://api.provider.example/v1 (a local server in tests). */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per request, body included; 10 s unless a test wants to wait less. */
  timeoutMs?: number;
}

const planSchema = z.object({
  id: z.union([z.string().min(1), z.number().int()]).transform(String),
  username: z.string().min(1),
  password: z.string().min(1),
  // Where the plan's proxies are reached: without it the customer could not use the plan.
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  /** When SOCKS5 has a port of its own; otherwise `port` serves both protocols. */
  socks_port: z.number().int().min(1).max(65535).nullish(),
});
const usageSchema = z.object({
  used_bytes: z.number().int().nonnegative(),
  remaining_bytes: z.number().int().nonnegative().nullish(),
});
const itemsSchema = z.object({ items: z.array(z.string()) });
const errorSchema = z.object({ message: z.string().trim().min(1) });

const segment = encodeURIComponent;

/**
 * The reseller API's transport: x-api-key on every call, JSON both ways, no redirects, a deadline,
 * and failures as ProxyBackendError with the key never in them. Shared by delivery and the staff
 * product API screen (upstream-account.ts).
 */
export function createUpstreamClient(options: UpstreamOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const redact = (text: string) => (options.apiKey ? text.split(options.apiKey).join('[redacted]') : text);

  async function call(method: string, path: string, body?: Record<string, unknown>, headers?: Record<string, string>) {
    const where = `${method} ${path}`;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(base + path, {
        method,
        headers: {
          accept: 'application/json',
          'x-api-key': options.apiKey,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        // A redirect would carry x-api-key to wherever it points; a reseller API has no reason to send one.
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const reason =
        error instanceof DOMException && error.name === 'TimeoutError'
          ? `timed out after ${timeoutMs} ms`
          : describe(error);
      throw new ProxyBackendError(PROVIDER_UNAVAILABLE, null, redact(`${where} failed: ${reason}`));
    }
    const json = parseJson(text);
    if (response.ok) return { where, status: response.status, json };

    const upstreamMessage = errorSchema.safeParse(json).data?.message.slice(0, 300);
    const detail = redact(`${where} answered ${response.status}${upstreamMessage ? `: ${upstreamMessage}` : ''}`);
    if (!refusesTheRequest(response.status)) {
      throw new ProxyBackendError(PROVIDER_UNAVAILABLE, response.status, detail);
    }
    throw new ProxyBackendError(
      upstreamMessage ? redact(upstreamMessage) : 'The proxy provider refused the request',
      response.status,
      detail,
    );
  }

  async function read<T extends z.ZodType>(
    schema: T,
    method: string,
    path: string,
    body?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<z.output<T>> {
    const { where, status, json } = await call(method, path, body, headers);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ProxyBackendError(PROVIDER_UNAVAILABLE, status, `${where} answered ${status} with an unexpected body`);
    }
    return parsed.data;
  }

  return { call, read };
}

export function createUpstreamBackend(options: UpstreamOptions): ProxyBackend {
  const { call, read } = createUpstreamClient(options);
  const plan = (ref: string) => `/plans/${segment(ref)}`;
  const list = async (path: string) => (await read(itemsSchema, 'GET', path)).items;

  return {
    name: 'upstream',
    async createPlan(input) {
      const created = await read(
        planSchema,
        'POST',
        '/plans',
        {
          type: input.planType,
          country: input.country,
          bandwidth_gb: input.bandwidthGb,
          threads: input.threads,
          days: input.days,
          username: input.username,
          password: input.password,
        },
        // A retried activation replays the first answer instead of buying a second plan.
        { 'idempotency-key': input.subscriptionId },
      );
      return {
        ref: created.id,
        username: created.username,
        password: created.password,
        endpoint: { host: created.host, httpPort: created.port, socksPort: created.socks_port ?? created.port },
      };
    },
    async addBandwidth(ref, gb, idempotencyKey) {
      await call('POST', `${plan(ref)}/bandwidth`, { gb }, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    },
    async removeBandwidth(ref, gb, idempotencyKey) {
      await call(
        'DELETE',
        `${plan(ref)}/bandwidth`,
        { gb },
        idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
      );
    },
    async addDays(ref, days, idempotencyKey) {
      await call('POST', `${plan(ref)}/days`, { days }, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
    },
    async addWhitelistIp(ref, ip) {
      await call('POST', `${plan(ref)}/whitelist`, { ip });
    },
    async removeWhitelistIp(ref, ip) {
      await call('DELETE', `${plan(ref)}/whitelist/${segment(ip)}`);
    },
    async changePassword(ref, password) {
      await call('PATCH', `${plan(ref)}/credentials`, { password });
    },
    async locations(planType: PlanType, { country, state }) {
      const root = `/locations/${segment(planType)}`;
      const none = Promise.resolve([] as string[]);
      const [countries, states, cities, isps] = await Promise.all([
        list(`${root}/countries`),
        country ? list(`${root}/${segment(country)}/states`) : none,
        country && state ? list(`${root}/${segment(country)}/${segment(state)}/cities`) : none,
        country ? list(`${root}/${segment(country)}/isps`) : none,
      ]);
      return { countries, states, cities, isps };
    },
    async usage(ref) {
      const usage = await read(usageSchema, 'GET', `${plan(ref)}/usage`);
      return { usedBytes: usage.used_bytes, remainingBytes: usage.remaining_bytes ?? null };
    },
  };
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** fetch reports network failures as "fetch failed" with the useful part (ECONNREFUSED, ...) in `cause`. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const specific =
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return specific ? `${error.message} (${specific})` : error.message;
}

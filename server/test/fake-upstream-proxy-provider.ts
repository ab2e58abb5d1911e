import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { PLAN_TYPES } from '@tollgate/contract/plans/plans';
import { z } from 'zod';

const GB = 1024 ** 3;

export interface FakeUpstreamPlan {
  id: string;
  type: string;
  country: string;
  /** 0 = unmetered. */
  bandwidthBytes: number;
  usedBytes: number;
  threads: number;
  days: number;
  username: string;
  password: string;
  whitelist: Set<string>;
}

/** What the fake sells, by plan type: country -> state -> cities, and country -> ISPs. */
const GEOGRAPHY: Record<string, Record<string, { states: Record<string, string[]>; isps: string[] }>> = {
  residential: {
    US: {
      states: { California: ['Los Angeles', 'San Francisco'], 'New York': ['New York City', 'Buffalo'] },
      isps: ['Comcast', 'Verizon'],
    },
    DE: { states: { Berlin: ['Berlin'] }, isps: ['Deutsche Telekom'] },
  },
  mobile: { US: { states: { Texas: ['Austin'] }, isps: ['T-Mobile'] } },
  isp: { US: { states: {}, isps: ['AT&T'] } },
  datacenter: { NL: { states: {}, isps: [] } },
  ipv6: { US: { states: {}, isps: [] } },
};

const createSchema = z.object({
  type: z.enum(PLAN_TYPES),
  country: z.string().min(1),
  bandwidth_gb: z.number().int().nonnegative(),
  threads: z.number().int().nonnegative(), // 0 = not sold by threads (bandwidth plans)
  days: z.number().int().positive(),
  username: z.string().min(3),
  password: z.string().min(6),
});
const gbSchema = z.object({ gb: z.number().int().positive() });
const daysSchema = z.object({ days: z.number().int().positive() });
const ipSchema = z.object({ ip: z.string().refine((ip) => isIP(ip) !== 0) });
const passwordSchema = z.object({ password: z.string().min(6) });

class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
  ) {}
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });

function parse<T>(schema: z.ZodType<T>, body: string): T {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Refusal(400, 'Body must be JSON');
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Refusal(400, `Invalid ${issue.path.join('.') || 'body'}: ${issue.message}`);
  }
  return result.data;
}

/**
 * Speaks a typical proxy reseller's REST API (x-api-key, JSON) under /v1, holding plans in memory.
 * `fail()` and `hang()` make it misbehave for every request until `recover()`.
 */
export async function startFakeUpstreamProxy(
  apiKey: string,
  options: {
    /** Whether it answers GET /account and GET /packages (optional calls of the protocol, ADR 031). */
    reportsAccount?: boolean;
  } = {},
) {
  const reportsAccount = options.reportsAccount ?? true;
  /** What GET /account and GET /packages answer. */
  const account = {
    balance: 1234.5,
    currency: 'USD',
    packages: [
      {
        id: 'pkg_resi_100',
        name: 'Residential 100 GB',
        type: 'residential',
        remaining_gb: 61.5,
        total_gb: 100,
        expires_at: '2027-01-31',
      },
      {
        id: 'pkg_dc_unl',
        name: 'Datacenter unlimited',
        type: 'datacenter',
        remaining_gb: null,
        total_gb: null,
        expires_at: null,
      },
    ] as Record<string, unknown>[],
  };
  const plans = new Map<string, FakeUpstreamPlan>();
  const idempotent = new Map<string, { request: string; planId: string }>();
  /** Method, path and Idempotency-Key of every authenticated request, in order. */
  const requests: { method: string; path: string; idempotencyKey: string | undefined }[] = [];
  let misbehaviour: { status: number; body: unknown } | 'hang' | null = null;

  const view = (plan: FakeUpstreamPlan) => ({
    id: plan.id,
    type: plan.type,
    country: plan.country,
    username: plan.username,
    password: plan.password,
    host: `${plan.type}.upstream.test`,
    port: 7777,
    socks_port: 7778,
  });
  const planOf = (id: string) => {
    const plan = plans.get(id);
    if (!plan) throw new Refusal(404, `Plan ${id} not found`);
    return plan;
  };
  const geography = (type: string, country?: string) => {
    const byCountry = GEOGRAPHY[type];
    if (!byCountry) throw new Refusal(400, `Unknown plan type ${type}`);
    if (country === undefined) return { byCountry, place: undefined };
    const place = byCountry[country];
    if (!place) throw new Refusal(404, `No ${type} proxies in ${country}`);
    return { byCountry, place };
  };

  /** Applies a change once per Idempotency-Key: the same key and request again is answered, not applied. */
  function once(req: IncomingMessage, change: string, planId: string, apply: () => void): [number, unknown] {
    const key = req.headers['idempotency-key'];
    const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (replay) {
      if (replay.request !== change) throw new Refusal(422, 'Idempotency-Key reused with a different request');
      return [204, null];
    }
    apply();
    if (typeof key === 'string') idempotent.set(key, { request: change, planId });
    return [204, null];
  }

  function route(method: string, segments: string[], body: string, req: IncomingMessage): [number, unknown] {
    const [head, id, leaf, extra, more] = segments;
    if (head === 'plans' && id === undefined && method === 'POST') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      if (replay) {
        if (replay.request !== body) throw new Refusal(422, 'Idempotency-Key reused with a different request');
        return [200, view(planOf(replay.planId))];
      }
      const input = parse(createSchema, body);
      if (!geography(input.type).byCountry[input.country]) {
        throw new Refusal(400, `No ${input.type} proxies in ${input.country}`);
      }
      if ([...plans.values()].some((p) => p.username === input.username)) {
        throw new Refusal(409, 'Username already taken');
      }
      const plan: FakeUpstreamPlan = {
        id: `pln_${randomBytes(6).toString('hex')}`,
        type: input.type,
        country: input.country,
        bandwidthBytes: input.bandwidth_gb * GB,
        usedBytes: 0,
        threads: input.threads,
        days: input.days,
        username: input.username,
        password: input.password,
        whitelist: new Set(),
      };
      plans.set(plan.id, plan);
      if (typeof key === 'string') idempotent.set(key, { request: body, planId: plan.id });
      return [201, view(plan)];
    }
    if (head === 'plans' && id !== undefined) {
      const plan = planOf(id);
      if (leaf === 'bandwidth' && extra === undefined && (method === 'POST' || method === 'DELETE')) {
        return once(req, `${method} ${id} ${body}`, plan.id, () => {
          const { gb } = parse(gbSchema, body);
          if (plan.bandwidthBytes === 0) throw new Refusal(400, 'This plan is unmetered');
          if (method === 'POST') plan.bandwidthBytes += gb * GB;
          else if (plan.bandwidthBytes - plan.usedBytes < gb * GB) {
            throw new Refusal(400, 'Cannot remove more bandwidth than remains on the plan');
          } else plan.bandwidthBytes -= gb * GB;
        });
      }
      if (leaf === 'days' && extra === undefined && method === 'POST') {
        return once(req, `${method} ${id} ${body}`, plan.id, () => {
          plan.days += parse(daysSchema, body).days;
        });
      }
      if (leaf === 'whitelist' && extra === undefined && method === 'POST') {
        plan.whitelist.add(parse(ipSchema, body).ip);
        return [204, null];
      }
      if (leaf === 'whitelist' && extra !== undefined && more === undefined && method === 'DELETE') {
        if (!plan.whitelist.delete(extra)) throw new Refusal(404, `${extra} is not whitelisted`);
        return [204, null];
      }
      if (leaf === 'credentials' && extra === undefined && method === 'PATCH') {
        plan.password = parse(passwordSchema, body).password;
        return [204, null];
      }
      if (leaf === 'usage' && extra === undefined && method === 'GET') {
        const remaining = plan.bandwidthBytes === 0 ? null : Math.max(0, plan.bandwidthBytes - plan.usedBytes);
        return [200, { used_bytes: plan.usedBytes, remaining_bytes: remaining }];
      }
    }
    if (reportsAccount && head === 'account' && id === undefined && method === 'GET') {
      return [200, { balance: account.balance, currency: account.currency }];
    }
    if (reportsAccount && head === 'packages' && id === undefined && method === 'GET') {
      return [200, { items: account.packages }];
    }
    if (head === 'locations' && id !== undefined && method === 'GET') {
      // id is the plan type here: /locations/{type}/countries, /{country}/states|isps, /{country}/{state}/cities
      if (leaf === 'countries' && extra === undefined) {
        return [200, { items: Object.keys(geography(id).byCountry) }];
      }
      if (leaf !== undefined && extra === 'states' && more === undefined) {
        return [200, { items: Object.keys(geography(id, leaf).place!.states) }];
      }
      if (leaf !== undefined && extra === 'isps' && more === undefined) {
        return [200, { items: geography(id, leaf).place!.isps }];
      }
      if (leaf !== undefined && extra !== undefined && more === 'cities' && segments.length === 5) {
        const cities = geography(id, leaf).place!.states[extra];
        if (!cities) throw new Refusal(404, `No ${id} proxies in ${extra}, ${leaf}`);
        return [200, { items: cities }];
      }
    }
    throw new Refusal(404, 'Not found');
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (misbehaviour === 'hang') return;
    const send = (status: number, payload: unknown) => {
      if (payload === null) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
    };
    const given = req.headers['x-api-key'];
    if (given !== apiKey) {
      // Like some real providers, it echoes what it was given; the adapter must not pass that on.
      send(401, { message: `Invalid API key ${String(given)}` });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const idempotencyKey = req.headers['idempotency-key'];
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
    });
    if (misbehaviour) {
      send(misbehaviour.status, misbehaviour.body);
      return;
    }
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (segments.shift() !== 'v1') {
      send(404, { message: 'Not found' });
      return;
    }
    try {
      const [status, payload] = route(req.method ?? 'GET', segments, body, req);
      send(status, payload);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      send(error.status, { message: error.message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The API root to configure, path included. */
    url: `http://127.0.0.1:${port}/v1`,
    plans,
    requests,
    account,
    /** Meters traffic on a plan, as proxy use would. */
    consume(planId: string, bytes: number) {
      planOf(planId).usedBytes += bytes;
    },
    /** Answers every authenticated request with this status and body until recover(). */
    fail(status = 500, body: unknown = { message: 'Internal server error' }) {
      misbehaviour = { status, body };
    },
    /** Accepts every request and never answers, until recover() or close(). */
    hang() {
      misbehaviour = 'hang';
    },
    recover() {
      misbehaviour = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

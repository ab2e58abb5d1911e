import type { Socket } from 'node:net';
import { countryRefusal, isCountryCode } from '@tollgate/contract/proxies/countries';
import { parseProxyUsername, type ProxyTarget } from '@tollgate/contract/proxies/proxy-username';
import type { AuthCache } from './auth-cache';
import type { ExitChoice, ExitPicker } from './exits';
import type { Grant } from './access';
import type { Meter, SubscriptionState } from './meter';
import type { GatewayMetrics, RefusalReason } from './metrics';

export type Refused = {
  ok: false;
  /**
   * `auth`: who you are or your plan (407 / SOCKS auth failure); `threads`: too many connections;
   * `exit`: no way out; `target`: targeting that names nothing real (400); `forbidden`: targeting
   * the plan does not allow (403).
   */
  kind: 'auth' | 'threads' | 'exit' | 'target' | 'forbidden';
  reason: string;
};
export type Identity = { ok: true; grant: Grant; sub: SubscriptionState; target: ProxyTarget };
/** `subscriptionId`: whose traffic this is (plain forwarding keeps origin connections apart by it). */
export type Admission = { ok: true; exit: ExitChoice; subscriptionId: string } | Refused;

/** Source addresses arrive as ::ffff:a.b.c.d on dual-stack sockets; whitelists hold a.b.c.d. */
export const clientIp = (socket: Socket) => (socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');

/**
 * The one admission path both proxies share, in two steps because SOCKS5 answers authentication
 * before it learns the target: `identify` (credentials, else source IP; is the plan usable now)
 * and `route` (which exit serves the request, and a metered slot on the plan).
 */
export function createAdmission(deps: { cache: AuthCache; meter: Meter; exits: ExitPicker; metrics: GatewayMetrics }) {
  const { cache, meter, exits, metrics } = deps;
  const refuse = (reason: RefusalReason, refused: Refused): Refused => {
    metrics.refused(reason);
    return refused;
  };

  async function identify(socket: Socket, username: string, password: string): Promise<Identity | Refused> {
    let target: ProxyTarget = {};
    let answer;
    if (username) {
      const parsed = parseProxyUsername(username);
      if (!parsed.ok) return refuse('auth', { ok: false, kind: 'auth', reason: parsed.reason });
      target = parsed.target;
      // A whitelisted address may name one of its account's plans by username alone (no password).
      answer = password
        ? await cache.byCredentials(parsed.user, password)
        : await cache.byIp(clientIp(socket), parsed.user);
      if (!answer) return refuse('auth', { ok: false, kind: 'auth', reason: 'Invalid proxy username or password' });
    } else {
      answer = await cache.byIp(clientIp(socket));
      if (!answer) return refuse('auth', { ok: false, kind: 'auth', reason: 'Proxy authentication required' });
    }
    if (answer.kind === 'refusal') return refuse('plan', { ok: false, kind: 'auth', reason: answer.reason });
    const sub = meter.state(answer);
    if (!sub.allowed) return refuse('plan', { ok: false, kind: 'auth', reason: 'Plan is not active' });
    if (meter.exhausted(sub)) return refuse('plan', { ok: false, kind: 'auth', reason: 'Bandwidth used up' });
    return { ok: true, grant: answer, sub, target };
  }

  function route(socket: Socket, who: Identity): Admission {
    const { grant, target } = who;
    const d = grant.defaults;
    const purchase = grant.purchaseCountry;
    if (target.country) {
      const refusal = countryRefusal(target.country, purchase ?? { code: null, locked: false });
      if (refusal) {
        meter.refused(who.sub, '');
        return refuse('country', {
          ok: false,
          kind: isCountryCode(target.country) ? 'forbidden' : 'target',
          reason: refusal,
        });
      }
    }
    const wanted: ProxyTarget = {
      // A static plan exits where it was bought; a pool's purchase country is the last default.
      country: purchase?.locked ? purchase.code : (target.country ?? d.country ?? purchase?.code),
      state: target.state,
      city: target.city ?? (target.country ? undefined : d.city),
      isp: target.isp ?? (target.country ? undefined : d.isp),
      session: target.session,
      lifetime: target.lifetime ?? d.lifetime,
    };
    const sessionKey = target.session
      ? `${grant.subscriptionId}:${target.session}`
      : d.session === 'sticky'
        ? `${grant.subscriptionId}:default`
        : null;
    const exit = exits.pick(grant.planType, wanted, sessionKey);
    if (!exit) {
      const where = [wanted.country, wanted.state, wanted.city, wanted.isp].filter(Boolean).join(', ');
      return refuse('exit', { ok: false, kind: 'exit', reason: `No exit available${where ? ` for ${where}` : ''}` });
    }
    const slot = meter.attach(socket, who.sub, exit.country);
    if (!slot.ok) return refuse('limit', { ok: false, kind: 'threads', reason: slot.reason });
    return { ok: true, exit, subscriptionId: grant.subscriptionId };
  }

  return {
    identify,
    route,
    async admit(socket: Socket, username: string, password: string): Promise<Admission> {
      const who = await identify(socket, username, password);
      return who.ok ? route(socket, who) : who;
    },
  };
}
export type Admit = ReturnType<typeof createAdmission>;

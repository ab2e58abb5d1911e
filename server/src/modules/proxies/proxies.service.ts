import { randomUUID } from 'node:crypto';
import { locationCode, type ProxyExit } from '@tollgate/contract/proxies/own-servers';
import {
  typeSettingsSchema,
  type generator,
  type ProxyConfig,
  type updateProxyConfig,
} from '@tollgate/contract/proxies/proxies';
import { DEFAULT_WHITELIST_LIMIT } from '@tollgate/contract/subscriptions/staff-subscriptions';
import { PLAN_EXPIRED, type Subscription } from '@tollgate/contract/subscriptions/subscriptions';
import type { ParsedBodyOf, ParsedQueryOf } from '@tollgate/contract/endpoint';
import { createAnswerCache } from '#platform/cache/answer-cache.ts';
import type { ChangeFeed } from '#platform/cache/change-feed.ts';
import type { Config } from '#platform/config/env.ts';
import type { Db, DbOrTx } from '#platform/db/client.ts';
import { AppError, badRequest, notFound } from '#platform/http/errors.ts';
import { ProxyBackendError, type ProxyBackend, type ProxyEndpoint } from '#platform/proxy-backends/backend.ts';
import { randomSecret } from '#platform/random.ts';
import type { TypesConfigReader } from '#platform/products/types-config.ts';
import { noticeOutbox } from '#platform/notices/notice-outbox.ts';
import type { SubscriptionRow } from '../subscriptions/subscriptions.schema';
import { canonicalIp, isPublicAddress } from './ip-address';
import { LocationError, locationOffer as offer, type CheckedPlace, type Place } from './location-offer';
import { createProviderLists, providerPlaces } from './provider-places';
import { createExitsCache } from './proxy-exits';
import { proxyList } from './proxy-lines';
import { proxiesRepository as repo } from './proxies.repository';
import { allowedCountry } from './purchase-country';

type PlanBounds = { minRenewDays: number; maxRenewDays: number; durationDays: number };

/** How the subscriptions module shows a plan to its owner (wired in app.ts, ADR 006). */
export interface SubscriptionView {
  toSubscription(row: SubscriptionRow, plan: PlanBounds, now?: Date): Subscription;
}

export interface ProxiesDeps {
  db: Db;
  config: Pick<Config, 'PROXY_PUBLIC_HOST' | 'GATEWAY_HTTP_PORT' | 'GATEWAY_SOCKS_PORT'>;
  subscriptionView: SubscriptionView;
  /** Who delivers a plan, by its provider column (ADR 008). */
  backendFor: (provider: string) => ProxyBackend;
  /** Which list formats each type offers (Product manage, ADR 031). */
  typesConfig: TypesConfigReader;
  /** The database's word on what changed (ADR 024), for the generator's plan rows. */
  changes: Pick<ChangeFeed, 'live' | 'subscribe'>;
  now?: () => Date;
}

type FoundRow = NonNullable<Awaited<ReturnType<typeof repo.findOwned>>>;

const typeSettings = (value: unknown) => typeSettingsSchema.safeParse(value).data ?? {};
const effectiveLimit = (row: Pick<SubscriptionRow, 'whitelistLimit'>) => row.whitelistLimit ?? DEFAULT_WHITELIST_LIMIT;

function configOf(row: SubscriptionRow, whitelist: string[]): ProxyConfig {
  return {
    geoRegion: row.geoRegion,
    city: row.city,
    isp: row.isp,
    residentialSettings: typeSettings(row.residentialSettings),
    mobileSettings: typeSettings(row.mobileSettings),
    ipv6Settings: typeSettings(row.ipv6Settings),
    whitelist,
    whitelistLimit: effectiveLimit(row),
  };
}

/** A place checked against the exits; what is missing becomes the 400 the customer reads. */
function checked(exits: ProxyExit[], place: Place) {
  try {
    return offer.check(exits, place);
  } catch (error) {
    if (error instanceof LocationError) throw badRequest(error.message);
    throw error;
  }
}

export const STILL_SETTING_UP = 'Your proxies are still being set up, please try again in a minute';

/**
 * A provider's refusal of the request itself (an address it will not whitelist) reads as a bad
 * request with its reason; anything about reaching it or our setup as a gateway failure.
 */
async function viaProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProxyBackendError)) throw error;
    throw new AppError(error.refused ? 400 : 502, error.message);
  }
}

/** Text fields a form clears with '' or null; undefined leaves the saved value. */
const cleared = (value: string | null | undefined, saved: string | null) =>
  value === undefined ? saved : value ? value : null;

/** A customer's own proxy access: connection details, proxy list, defaults, whitelist, password. */
export function createProxiesService({
  db,
  config,
  subscriptionView,
  backendFor,
  typesConfig,
  changes,
  now = () => new Date(),
}: ProxiesDeps) {
  const exits = createExitsCache();
  const providerLists = createProviderLists();

  /**
   * Plans as the generator reads them, per process until the database says the account's plans
   * (whose row also counts the whitelist), a plan on sale or a setting changed (ADR 024, ADR 055):
   * a list then costs no query, only its fresh session ids. Writes always read the row.
   */
  const readRows = createAnswerCache<FoundRow>(changes);

  async function owned(id: string, accountId: string, options: { cached?: boolean } = {}) {
    let found = options.cached ? readRows.get(accountId, id) : null;
    if (!found) {
      const ticket = readRows.ticket();
      found = await repo.findOwned(db, id, accountId, exits.stamp());
      if (!found) throw notFound('No such subscription');
      if (options.cached) readRows.keep(accountId, id, ticket, found);
    }
    return { ...found, exitsOf: exits.exitsOf(found.ownServers) };
  }
  /** Delivery settings change only while the plan runs; the client goes to the dashboard otherwise. */
  async function running(id: string, accountId: string, options: { cached?: boolean } = {}) {
    const found = await owned(id, accountId, options);
    const view = subscriptionView.toSubscription(found.subscription, found.plan, now());
    if (view.status !== 'active') throw badRequest(PLAN_EXPIRED);
    return { ...found, view };
  }
  const viaBackend = (provider: string) => {
    try {
      return backendFor(provider);
    } catch (error) {
      // Not configured: said the provider's way, as a gateway failure.
      if (error instanceof ProxyBackendError) throw new AppError(502, error.message);
      throw error;
    }
  };
  /**
   * Where a plan's whitelist and password also live: the provider's plan for a resold one, which
   * must exist before it can be changed; the built-in backend for ours, where our rows are all.
   */
  function deliveryOf(found: { subscription: SubscriptionRow; provider: string }) {
    const backend = viaBackend(found.provider);
    if (backend.name === 'builtin') return { backend, ref: found.subscription.id };
    if (!found.subscription.upstreamRef) throw badRequest(STILL_SETTING_UP);
    return { backend, ref: found.subscription.upstreamRef };
  }

  type Owned = Awaited<ReturnType<typeof owned>>;

  /** Where the customer connects: our gateway, or the provider's endpoint for a resold plan. */
  function endpointOf(found: Owned): ProxyEndpoint {
    const { backend } = deliveryOf(found);
    if (backend.name === 'builtin') {
      return {
        host: config.PROXY_PUBLIC_HOST,
        httpPort: config.GATEWAY_HTTP_PORT,
        socksPort: config.GATEWAY_SOCKS_PORT,
      };
    }
    const { upstreamHost, upstreamHttpPort, upstreamSocksPort } = found.subscription;
    if (!upstreamHost || !upstreamHttpPort) throw badRequest(STILL_SETTING_UP);
    return { host: upstreamHost, httpPort: upstreamHttpPort, socksPort: upstreamSocksPort ?? upstreamHttpPort };
  }

  /**
   * Where a plan's geography comes from: our exits, or what its provider sells for a resold plan.
   * Either way a place it does not offer is a 400 naming it.
   */
  function geographyOf(found: Owned) {
    const planType = found.subscription.planType;
    const backend = viaBackend(found.provider);
    if (backend.name === 'builtin') {
      const exits = found.exitsOf(planType);
      return {
        check: async (place: Place): Promise<CheckedPlace> => checked(exits, place),
        carriers: async (country: string) => offer.carriers(exits, country),
        async offer(query: { country?: string | undefined; state?: string | undefined }) {
          const place = checked(exits, query);
          const country = place.country;
          return {
            countries: offer.countries(exits),
            states: country ? offer.states(exits, country) : [],
            cities: country && place.state ? offer.cities(exits, country, place.state) : [],
            isps: country ? offer.isps(exits, place) : [],
            carriers: country && planType === 'mobile' ? offer.carriers(exits, country) : [],
          };
        },
      };
    }
    const places = providerPlaces(providerLists(backend, planType));
    const asked = async <T>(call: () => Promise<T>) => {
      try {
        return await viaProvider(call);
      } catch (error) {
        if (error instanceof LocationError) throw badRequest(error.message);
        throw error;
      }
    };
    return {
      check: (place: Place) => asked(() => places.check(place)),
      // The provider's mobile ISPs are the carriers.
      carriers: async (country: string) => (await asked(() => places.offer({ country }))).isps,
      async offer(query: { country?: string | undefined; state?: string | undefined }) {
        const offered = await asked(() => places.offer(query));
        return { ...offered, carriers: query.country && planType === 'mobile' ? offered.isps : [] };
      },
    };
  }

  async function whitelistState(id: string, tx: DbOrTx = db) {
    const { whitelist, whitelistLimit } = await repo.whitelist(tx, id);
    return { whitelist, whitelistLimit: effectiveLimit({ whitelistLimit }) };
  }

  return {
    /**
     * How one of my plans is reached, whatever its state (the Customer API's proxy info): null
     * where a resold plan is still being set up rather than an error.
     */
    async connection(id: string, accountId: string) {
      const found = await owned(id, accountId);
      const row = found.subscription;
      let endpoint: ProxyEndpoint | null = null;
      try {
        endpoint = endpointOf(found);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      return {
        view: subscriptionView.toSubscription(row, found.plan, now()),
        endpoint,
        username: row.proxyUsername,
        password: row.proxyPassword,
        whitelist: found.whitelist,
        whitelistLimit: effectiveLimit(row),
      };
    },

    ownedIds: (accountId: string) => repo.ownedIds(db, accountId),

    async generator(id: string, accountId: string, query: ParsedQueryOf<typeof generator>) {
      const found = await running(id, accountId, { cached: true });
      const { subscription: row, whitelist, view } = found;
      const endpoint = endpointOf(found);
      if (!row.proxyUsername || !row.proxyPassword) throw badRequest('This plan has no proxy credentials yet');
      // A plan of a type taken off sale still works: only the formats follow the type's settings.
      const type = (await typesConfig())[row.planType];
      const format = query.format ?? type.formats[0]!;
      if (!type.formats.includes(format))
        throw badRequest(`format: ${type.displayName} lists come as ${type.formats.join(', ')}`);
      // A static plan lists its own country only (ADR 018); an unknown code is refused either way.
      const country = allowedCountry(row.planType, row.country, query.country) ?? row.geoRegion ?? undefined;
      // Without a country in the request the plan's saved defaults decide the geography.
      const place: Place = query.country
        ? { ...query, country }
        : {
            country,
            state: query.state,
            city: query.city ?? row.city ?? undefined,
            isp: query.isp ?? row.isp ?? undefined,
          };
      const target = await geographyOf(found).check(place);
      const ports = { http: endpoint.httpPort, socks5: endpoint.socksPort };
      const port = ports[query.porttype];
      return {
        subscription: view,
        host: endpoint.host,
        ports,
        port,
        username: row.proxyUsername,
        password: row.proxyPassword,
        config: configOf(row, whitelist),
        lines: proxyList({
          host: endpoint.host,
          port,
          porttype: query.porttype,
          user: row.proxyUsername,
          password: row.proxyPassword,
          target: { ...target, ...(target.isp ? { isp: locationCode(target.isp) } : {}) },
          session: query.session,
          lifetime: query.lifetime,
          count: query.count,
          format,
        }),
        formats: type.formats,
        format,
      };
    },

    async updateConfig(id: string, accountId: string, body: ParsedBodyOf<typeof updateProxyConfig>) {
      const found = await running(id, accountId);
      const { subscription: row, whitelist } = found;
      const geography = geographyOf(found);
      const chosen = cleared(body.geoRegion, row.geoRegion);
      const geoRegion = chosen ? allowedCountry(row.planType, row.country, chosen)! : null;
      const city = cleared(body.city, row.city);
      const isp = cleared(body.isp, row.isp);
      const place = await geography.check({
        country: geoRegion ?? undefined,
        city: city ?? undefined,
        isp: isp ?? undefined,
      });
      let mobileSettings = body.mobileSettings ?? typeSettings(row.mobileSettings);
      if (row.planType === 'mobile' && mobileSettings.carrier) {
        // A carrier is one of the country's, saved as the catalogue spells it.
        if (!place.country) throw badRequest('Choose a country before a carrier');
        const wanted = locationCode(mobileSettings.carrier);
        const carrier = (await geography.carriers(place.country)).find((name) => locationCode(name) === wanted);
        if (!carrier) throw badRequest(`No carrier ${mobileSettings.carrier} in this country`);
        mobileSettings = { ...mobileSettings, carrier };
      }
      const updated = await repo.update(db, id, {
        geoRegion: place.country ?? null,
        city: place.city ?? null,
        isp: place.isp ?? null,
        residentialSettings: body.residentialSettings ?? typeSettings(row.residentialSettings),
        mobileSettings,
        ipv6Settings: body.ipv6Settings ?? typeSettings(row.ipv6Settings),
      });
      return configOf(updated!, whitelist);
    },

    async addWhitelistIp(id: string, accountId: string, text: string) {
      const ip = canonicalIp(text);
      if (!ip) throw badRequest('Invalid IP address');
      // No client reaches the gateway from these, and 0.0.0.0 or a private range would let in
      // whoever shares the gateway's network rather than the customer.
      if (!isPublicAddress(ip)) throw badRequest('Only a public IP address can be whitelisted');
      const found = await running(id, accountId);
      const { backend, ref } = deliveryOf(found);
      if (backend.name !== 'builtin') {
        // Refuse what we would refuse before the provider is asked for it.
        if (found.whitelist.includes(ip)) throw badRequest('IP already whitelisted');
        const limit = effectiveLimit(found.subscription);
        if (found.whitelist.length >= limit) throw badRequest(`Whitelist limit reached (${limit})`);
      }
      await viaProvider(() => backend.addWhitelistIp(ref, ip));
      try {
        return await db.transaction(async (tx) => {
          // The row first, so a duplicate is named as such even when the whitelist is full; a refusal
          // below rolls it back. The slot is one conditional update, never a count then an insert.
          if (!(await repo.insertWhitelistIp(tx, id, ip))) throw badRequest('IP already whitelisted');
          // Who holds it is not said: that would tell an attacker whose address it is.
          if (!(await repo.claimWhitelistOwner(tx, ip, accountId))) {
            throw badRequest('This IP is whitelisted by another account');
          }
          if (!(await repo.takeWhitelistSlot(tx, id, DEFAULT_WHITELIST_LIMIT))) {
            const { whitelistLimit } = await whitelistState(id, tx);
            throw badRequest(`Whitelist limit reached (${whitelistLimit})`);
          }
          return whitelistState(id, tx);
        });
      } catch (error) {
        // Lost a race for the last slot after the provider said yes: take its entry back too.
        if (backend.name !== 'builtin') await backend.removeWhitelistIp(ref, ip).catch(() => {});
        throw error;
      }
    },

    async removeWhitelistIp(id: string, accountId: string, text: string) {
      const ip = canonicalIp(text);
      if (!ip) throw badRequest('Invalid IP address');
      const found = await running(id, accountId);
      const { backend, ref } = deliveryOf(found);
      if (backend.name !== 'builtin') {
        if (!found.whitelist.includes(ip)) throw badRequest('IP not on the whitelist');
        await viaProvider(() =>
          backend.removeWhitelistIp(ref, ip).catch((error: unknown) => {
            // Already gone at the provider: ours goes too.
            if (!(error instanceof ProxyBackendError && error.status === 404)) throw error;
          }),
        );
      }
      return db.transaction(async (tx) => {
        if (!(await repo.removeWhitelistIp(tx, id, ip))) throw badRequest('IP not on the whitelist');
        await repo.releaseWhitelistOwner(tx, ip, accountId);
        return whitelistState(id, tx);
      });
    },

    async changeKey(id: string, accountId: string) {
      const found = await running(id, accountId);
      const { backend, ref } = deliveryOf(found);
      const password = randomSecret(16);
      // The provider first: a password it refused is never shown as the customer's.
      await viaProvider(() => backend.changePassword(ref, password));
      // The gateway re-reads credentials within seconds, so the old password stops working soon after.
      // The security notice commits with the new password (ADR 019).
      const updated = await db.transaction(async (tx) => {
        const row = await repo.update(tx, id, { proxyPassword: password });
        await noticeOutbox.add(tx, {
          accountId,
          kind: 'proxy_password',
          eventKey: `proxy-password:${randomUUID()}`,
          subjectId: id,
        });
        return row;
      });
      return { username: updated!.proxyUsername ?? '', password: updated!.proxyPassword ?? '' };
    },

    async locations(
      id: string,
      accountId: string,
      query: { country?: string | undefined; state?: string | undefined },
    ) {
      const found = await owned(id, accountId);
      const { planType, country } = found.subscription;
      // A static plan is offered its own country only, so the pickers cannot lead to a refusal.
      const own = allowedCountry(planType, country, undefined);
      if (query.country) allowedCountry(planType, country, query.country);
      const offered = await geographyOf(found).offer(query);
      return own ? { ...offered, countries: offered.countries.filter((c) => c.code === own) } : offered;
    },
  };
}

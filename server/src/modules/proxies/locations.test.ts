import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffedServer, type TestServer } from '#test/harness.ts';
import { customerWithPlan, setExits } from '#test/proxies-helpers.ts';
import { subscriptions } from '../subscriptions/subscriptions.schema';

let server: TestServer;
let staff: string;
beforeAll(async () => void ({ server, staff } = await createStaffedServer()));
afterAll(() => server.close());

const locations = (token: string, id: string, query = '') =>
  server.request('GET', `/api/v1/public/locations/${id}${query ? `?${query}` : ''}`, { token });
const configure = (token: string, id: string, body: Record<string, unknown>) =>
  server.request('PATCH', `/api/v1/public/proxy-config/${id}`, { token, body });
const codes = (list: { code: string }[]) => list.map((c) => c.code);

describe('the location catalogue of a plan', () => {
  it('offers every country, state and city when an exit serves any country', async () => {
    await setExits(server, []);
    const me = await customerWithPlan(server, staff);
    const all = await locations(me.token, me.subscriptionId);
    expect(all.body.message).toBe('Locations');
    const { countries, states, cities, isps, carriers } = all.body.payload;
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.length).toBeLessThanOrEqual(260);
    expect(countries).toContainEqual({ code: 'de', name: 'Germany' });
    expect({ states, cities, isps, carriers }).toEqual({ states: [], cities: [], isps: [], carriers: [] });

    const us = (await locations(me.token, me.subscriptionId, 'country=US')).body.payload;
    expect(us.states).toContainEqual({ code: 'ny', name: 'New York' });
    expect(us.cities).toEqual([]);
    const ny = (await locations(me.token, me.subscriptionId, 'country=us&state=ny')).body.payload;
    expect(ny.cities).toContainEqual({ code: 'new_york_city', name: 'New York City' });
    expect(ny.cities).toContainEqual({ code: 'buffalo', name: 'Buffalo' });
    // Residential plans have no carriers.
    expect(ny.carriers).toEqual([]);
  });

  it('narrows everything to the exits of the plan’s type', async () => {
    await setExits(server, [
      { type: 'residential', country: 'de' },
      { type: 'residential', country: 'us', state: 'ny', isp: 'Spectrum' },
      { type: 'residential', country: 'us', state: 'new_york', city: 'buffalo', isp: 'Verizon Fios' },
      { type: 'residential', country: 'us', state: 'tx', city: 'austin' },
      { type: 'mobile', country: 'fr' },
      { type: 'mobile', country: 'gb', isp: 'EE' },
      { type: '*', country: 'it', state: 'rm' },
    ]);
    const me = await customerWithPlan(server, staff);
    const at = async (query: string) => (await locations(me.token, me.subscriptionId, query)).body.payload;

    expect((await at('')).countries).toEqual([
      { code: 'de', name: 'Germany' },
      { code: 'it', name: 'Italy' },
      { code: 'us', name: 'United States' },
    ]);
    const us = await at('country=us');
    expect(us.states).toEqual([
      { code: 'ny', name: 'New York' },
      { code: 'tx', name: 'Texas' },
    ]);
    expect(us.isps).toEqual(['Spectrum', 'Verizon Fios']);
    // An exit for the whole state offers all its cities; one for a city only that city.
    expect((await at('country=us&state=ny')).cities.length).toBeGreaterThan(500);
    expect((await at('country=us&state=tx')).cities).toEqual([{ code: 'austin', name: 'Austin' }]);
    expect((await at('country=de')).states.length).toBe(16);
    expect(codes((await at('country=it')).states)).toEqual(['rm']);

    const refused = await locations(me.token, me.subscriptionId, 'country=fr');
    expect(refused.body).toMatchObject({ status: 400, message: 'No exit in France' });
    expect((await locations(me.token, me.subscriptionId, 'country=us&state=ca')).body.message).toBe(
      'No exit in California, United States',
    );

    const mobile = await customerWithPlan(server, staff, { type: 'mobile' });
    const m = async (query: string) => (await locations(mobile.token, mobile.subscriptionId, query)).body.payload;
    // By name: France, Italy, United Kingdom.
    expect(codes((await m('')).countries)).toEqual(['fr', 'it', 'gb']);
    // Carriers named by the exits, else the country's mobile networks.
    expect((await m('country=gb')).carriers).toEqual(['EE']);
    expect((await m('country=fr')).carriers).toEqual(expect.arrayContaining(['Bouygues', 'Free', 'Orange', 'SFR']));
    await setExits(server, []);
  });

  it('is the owner’s only', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    expect((await locations(other.token, me.subscriptionId)).status).toBe(404);
  });
});

describe('saving the proxy config', () => {
  it('accepts locations an exit serves and answers the whole config', async () => {
    await setExits(server, [
      { type: 'residential', country: 'de', isp: 'Telekom' },
      { type: 'residential', country: 'us', state: 'tx' },
    ]);
    const me = await customerWithPlan(server, staff);
    const res = await configure(me.token, me.subscriptionId, {
      geoRegion: 'US',
      city: 'Austin',
      residentialSettings: { session: 'sticky', lifetime: 60 },
    });
    expect(res.body.message).toBe('Proxy config updated');
    expect(res.body.payload).toEqual({
      geoRegion: 'us',
      city: 'austin',
      isp: null,
      residentialSettings: { session: 'sticky', lifetime: 60 },
      mobileSettings: {},
      ipv6Settings: {},
      whitelist: [],
      whitelistLimit: 10,
    });

    // Fields left out keep their value; null or '' clears one.
    const isp = await configure(me.token, me.subscriptionId, { geoRegion: 'de', city: null, isp: 'telekom' });
    expect(isp.body.payload).toMatchObject({
      geoRegion: 'de',
      city: null,
      isp: 'Telekom',
      residentialSettings: { session: 'sticky', lifetime: 60 },
    });
    const cleared = await configure(me.token, me.subscriptionId, { geoRegion: '', isp: null });
    expect(cleared.body.payload).toMatchObject({ geoRegion: null, city: null, isp: null });
    const [saved] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, me.subscriptionId));
    expect(saved).toMatchObject({ geoRegion: null, residentialSettings: { session: 'sticky', lifetime: 60 } });
  });

  it('refuses what no exit serves with a message for the customer, saving nothing', async () => {
    await setExits(server, [
      { type: 'residential', country: 'de', isp: 'Telekom' },
      { type: 'residential', country: 'us', state: 'tx' },
      { type: 'mobile', country: 'fr' },
    ]);
    const me = await customerWithPlan(server, staff);
    await configure(me.token, me.subscriptionId, { geoRegion: 'de' });
    const refusals: [Record<string, unknown>, string][] = [
      [{ geoRegion: 'fr' }, 'No exit in France'],
      [{ geoRegion: 'us', city: 'New York City' }, 'No exit in New York City, United States'],
      [{ geoRegion: 'us', city: 'atlantis' }, 'No exit in Atlantis, United States'],
      [{ geoRegion: 'de', isp: 'Vodafone' }, 'No exit with ISP Vodafone in Germany'],
      [{ geoRegion: null, city: 'berlin' }, 'Choose a country before a city'],
    ];
    for (const [body, message] of refusals) {
      const res = await configure(me.token, me.subscriptionId, body);
      expect({ body, status: res.status, message: res.body.message }).toEqual({ body, status: 400, message });
    }
    const invalid = await configure(me.token, me.subscriptionId, { geoRegion: 'deu' });
    expect(invalid.body.message).toBe('Validation Error');
    const [saved] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, me.subscriptionId));
    expect(saved).toMatchObject({ geoRegion: 'de', city: null, isp: null });

    const mobile = await customerWithPlan(server, staff, { type: 'mobile' });
    const carrier = await configure(mobile.token, mobile.subscriptionId, {
      geoRegion: 'fr',
      mobileSettings: { carrier: 'orange' },
    });
    expect(carrier.body.payload.mobileSettings).toEqual({ carrier: 'Orange' });
    expect(
      (await configure(mobile.token, mobile.subscriptionId, { mobileSettings: { carrier: 'Telekom' } })).body.message,
    ).toBe('No carrier Telekom in this country');
    await setExits(server, []);
  });

  it('is for the owner of a running plan only', async () => {
    const me = await customerWithPlan(server, staff);
    const other = await customerWithPlan(server, staff);
    expect((await configure(other.token, me.subscriptionId, { geoRegion: 'de' })).status).toBe(404);
    await server.database.db
      .update(subscriptions)
      .set({ status: 'expired' })
      .where(eq(subscriptions.id, me.subscriptionId));
    expect((await configure(me.token, me.subscriptionId, { geoRegion: 'de' })).body).toMatchObject({
      status: 400,
      message: 'Plan expired',
    });
  });
});

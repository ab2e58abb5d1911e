import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { buildGenerator, buildSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi, type FakeRequest, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import GeneratorPage from './generator-page.tsx';

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const subscription = buildSubscription({ planTitle: 'Residential Rotating', bandwidth: 10, bandwidthLeft: 7.5 });
const base = `/api/v1/public/generator/${subscription.id}`;

const LOCATIONS = {
  countries: [
    { code: 'us', name: 'United States' },
    { code: 'de', name: 'Germany' },
  ],
  states: [] as Array<{ code: string; name: string }>,
  cities: [] as Array<{ code: string; name: string }>,
  isps: [] as string[],
  carriers: [] as string[],
};

/** The location catalogue: US has New York with its city and one ISP. */
function locationsReply({ url }: FakeRequest): Reply {
  const country = url.searchParams.get('country');
  const state = url.searchParams.get('state');
  return {
    message: 'Locations',
    payload: {
      ...LOCATIONS,
      states: country === 'us' ? [{ code: 'ny', name: 'New York' }] : [],
      isps: country === 'us' ? ['comcast'] : [],
      cities: country === 'us' && state === 'ny' ? [{ code: 'new_york', name: 'New York City' }] : [],
    },
  };
}

function renderGenerator(routes: Parameters<typeof fakeApi>[0] = {}, data = buildGenerator({ subscription })) {
  const fetch = fakeApi({
    [`GET ${base}`]: { message: 'Generator', encoded: true, payload: data },
    [`GET /api/v1/public/locations/${subscription.id}`]: locationsReply,
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <GeneratorPage />
      <ToastContainer />
    </>,
    { route: '/generator/:subscriptionId', path: `/generator/${subscription.id}` },
  );
  return { fetch, ...view };
}

const section = (name: string) => screen.getByRole('heading', { name }).closest<HTMLElement>('.rounded-xl')!;
const refuse = (status: number, message: string): Reply => ({ status, message, payload: { error: message } });

describe('GeneratorPage', () => {
  it('shows the plan, its connection details with a hidden password, and the default list', async () => {
    renderGenerator();
    expect(await screen.findByRole('heading', { level: 1, name: 'Residential Rotating' })).toBeInTheDocument();
    expect(screen.getByTestId('bandwidth-left')).toHaveTextContent('7.5 GB of 10 GB');

    const connection = section('Connection');
    expect(within(connection).getByText('proxy.tollgate.local')).toBeInTheDocument();
    expect(within(connection).getByText('8080')).toBeInTheDocument();
    expect(within(connection).getByText('1080')).toBeInTheDocument();
    expect(within(connection).getByText('customer_ab12cd')).toBeInTheDocument();
    expect(within(connection).queryByText('Kx7pQ2mZ9w')).not.toBeInTheDocument();
    await userEvent.click(within(connection).getByRole('button', { name: 'Show password' }));
    expect(screen.getByTestId('proxy-password')).toHaveTextContent('Kx7pQ2mZ9w');

    expect(screen.getByTestId('whitelist-usage')).toHaveTextContent('0 of 5 used');
    const lines = screen.getByLabelText('Generated proxies');
    expect(lines).toHaveValue(
      [1, 2, 3].map((n) => `proxy.tollgate.local:8080:customer_ab12cd-session-s${n}:Kx7pQ2mZ9w`).join('\n'),
    );
    expect(screen.getByTestId('snippet')).toHaveTextContent(
      "curl -x 'http://customer_ab12cd-session-s1:Kx7pQ2mZ9w@proxy.tollgate.local:8080'",
    );
  });

  it('generates a list with the chosen targeting, session, count and format', async () => {
    const generated = Array.from(
      { length: 1200 },
      (_, i) =>
        `socks5://customer_ab12cd-country-us-state-ny-city-new_york-session-x${i}-lifetime-45:Kx7pQ2mZ9w@proxy.tollgate.local:1080`,
    );
    const { fetch } = renderGenerator({
      [`GET ${base}`]: ({ url }) => ({
        message: 'Generator',
        encoded: true,
        payload: buildGenerator({ subscription, ...(url.search ? { port: 1080, lines: generated } : {}) }),
      }),
    });
    await screen.findByRole('heading', { name: 'Proxy list builder' });
    const builder = within(section('Proxy list builder'));

    await userEvent.click(builder.getByRole('radio', { name: 'SOCKS5' }));
    await userEvent.selectOptions(
      builder.getByLabelText('Country'),
      await builder.findByRole('option', { name: 'United States' }),
    );
    await userEvent.selectOptions(
      builder.getByLabelText('State'),
      await builder.findByRole('option', { name: 'New York' }),
    );
    await userEvent.selectOptions(
      builder.getByLabelText('City'),
      await builder.findByRole('option', { name: 'New York City' }),
    );
    await userEvent.click(builder.getByRole('radio', { name: 'Sticky' }));
    await userEvent.clear(builder.getByLabelText('Session lifetime (minutes)'));
    await userEvent.type(builder.getByLabelText('Session lifetime (minutes)'), '45');
    await userEvent.clear(builder.getByLabelText('Number of proxies'));
    await userEvent.type(builder.getByLabelText('Number of proxies'), '1200');
    await userEvent.selectOptions(builder.getByLabelText('Format'), 'url');
    await userEvent.click(builder.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(callsTo(fetch, `GET ${base}`).some((call) => call.url.search)).toBe(true));
    const query = Object.fromEntries(callsTo(fetch, `GET ${base}`).find((call) => call.url.search)!.url.searchParams);
    expect(query).toEqual({
      porttype: 'socks5',
      country: 'us',
      state: 'ny',
      city: 'new_york',
      session: 'sticky',
      lifetime: '45',
      count: '1200',
      format: 'url',
    });

    await waitFor(() =>
      expect(screen.getByLabelText('Generated proxies')).toHaveValue(generated.slice(0, 1000).join('\n')),
    );
    expect(screen.getByTestId('lines-note')).toHaveTextContent('Showing the first 1,000 of 1,200 lines.');
    expect(screen.getByTestId('snippet')).toHaveTextContent(
      "curl -x 'socks5h://customer_ab12cd-country-us-state-ny-city-new_york-session-x0-lifetime-45:Kx7pQ2mZ9w@proxy.tollgate.local:1080'",
    );
  });

  it('downloads the list as CSV with host, port, username and password', async () => {
    const created: Blob[] = [];
    // jsdom has no object URLs; the test provides them for the download link.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:list';
      },
      revokeObjectURL: () => {},
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderGenerator();
    await userEvent.click(await screen.findByRole('button', { name: 'Download .csv' }));
    expect(click).toHaveBeenCalled();
    expect(await readText(created[0]!)).toBe(
      [
        'host,port,username,password',
        ...[1, 2, 3].map((n) => `proxy.tollgate.local,8080,customer_ab12cd-session-s${n},Kx7pQ2mZ9w`),
        '',
      ].join('\r\n'),
    );
  });

  it('checks the count before asking the server', async () => {
    const { fetch } = renderGenerator();
    await screen.findByRole('heading', { name: 'Proxy list builder' });
    const builder = within(section('Proxy list builder'));
    await userEvent.clear(builder.getByLabelText('Number of proxies'));
    await userEvent.type(builder.getByLabelText('Number of proxies'), '10001');
    await userEvent.click(builder.getByRole('button', { name: 'Generate' }));
    expect(builder.getByLabelText('Number of proxies')).toHaveAccessibleDescription(
      'Enter a whole number from 1 to 10,000',
    );
    expect(callsTo(fetch, `GET ${base}`).filter((call) => call.url.search)).toHaveLength(0);
  });

  it('shows why the server refused to generate a list', async () => {
    renderGenerator({
      [`GET ${base}`]: ({ url }) =>
        url.search
          ? refuse(400, 'No exit serves that location')
          : { message: 'Generator', encoded: true, payload: buildGenerator({ subscription }) },
    });
    await screen.findByRole('heading', { name: 'Proxy list builder' });
    const builder = within(section('Proxy list builder'));
    await userEvent.click(builder.getByRole('button', { name: 'Generate' }));
    expect(await builder.findByRole('alert')).toHaveTextContent('No exit serves that location');
    // The default list stays usable.
    expect(screen.getByLabelText('Generated proxies')).toHaveValue(buildGenerator().lines.join('\n'));
  });

  it('adds a whitelist IP once it reads as an IPv4 or IPv6 address', async () => {
    const { fetch } = renderGenerator({
      [`PATCH ${base}/add-whitelist-ip`]: ({ body }) => ({
        message: 'IP added to whitelist',
        payload: { whitelist: [(body as { ip: string }).ip], whitelistLimit: 1 },
      }),
    });
    await screen.findByRole('heading', { name: 'IP whitelist' });
    const card = within(section('IP whitelist'));
    const input = card.getByLabelText('IP address');

    await userEvent.type(input, '203.0.113.300');
    await userEvent.click(card.getByRole('button', { name: 'Add IP' }));
    expect(input).toHaveAccessibleDescription('Enter an IPv4 or IPv6 address');
    expect(callsTo(fetch, `PATCH ${base}/add-whitelist-ip`)).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '2001:db8::1');
    await userEvent.click(card.getByRole('button', { name: 'Add IP' }));
    expect(await screen.findByText('IP added to whitelist')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Whitelisted IPs' })).toHaveTextContent('2001:db8::1');
    expect(screen.getByTestId('whitelist-usage')).toHaveTextContent('1 of 1 used');
    expect(callsTo(fetch, `PATCH ${base}/add-whitelist-ip`)[0]!.body).toEqual({ ip: '2001:db8::1' });
  });

  it('shows the server message of a refused whitelist IP under the field', async () => {
    renderGenerator({ [`PATCH ${base}/add-whitelist-ip`]: refuse(400, 'Whitelist limit reached') });
    await screen.findByRole('heading', { name: 'IP whitelist' });
    const card = within(section('IP whitelist'));
    await userEvent.type(card.getByLabelText('IP address'), '198.51.100.4');
    await userEvent.click(card.getByRole('button', { name: 'Add IP' }));
    await waitFor(() =>
      expect(card.getByLabelText('IP address')).toHaveAccessibleDescription('Whitelist limit reached'),
    );
  });

  it('saves the default location and sticky session of the plan', async () => {
    const { fetch } = renderGenerator({
      [`PATCH /api/v1/public/proxy-config/${subscription.id}`]: ({ body }) => ({
        message: 'Proxy config updated',
        payload: { ...buildGenerator().config, ...(body as object) },
      }),
    });
    await screen.findByRole('heading', { name: 'Proxy list builder' });
    expect(screen.getAllByLabelText('Country')).toHaveLength(1);
    const card = within(section('Proxy list builder'));
    await userEvent.selectOptions(
      card.getByLabelText('Country'),
      await card.findByRole('option', { name: 'United States' }),
    );
    await userEvent.selectOptions(card.getByLabelText('ISP'), await card.findByRole('option', { name: 'comcast' }));
    await userEvent.click(card.getByRole('radio', { name: 'Sticky' }));
    await userEvent.clear(card.getByLabelText('Session lifetime (minutes)'));
    await userEvent.type(card.getByLabelText('Session lifetime (minutes)'), '60');
    await userEvent.click(card.getByRole('button', { name: 'Save as default' }));

    expect(await screen.findByText('Updated Successfully')).toBeInTheDocument();
    expect(callsTo(fetch, `PATCH /api/v1/public/proxy-config/${subscription.id}`)[0]!.body).toEqual({
      geoRegion: 'us',
      city: null,
      isp: 'comcast',
      residentialSettings: { session: 'sticky', lifetime: 60 },
    });
  });

  it('shows the server message when the config update fails', async () => {
    renderGenerator({
      [`PATCH /api/v1/public/proxy-config/${subscription.id}`]: refuse(400, 'No exit serves that location'),
    });
    await screen.findByRole('heading', { name: 'Proxy list builder' });
    await userEvent.click(within(section('Proxy list builder')).getByRole('button', { name: 'Save as default' }));
    expect(await screen.findByText('No exit serves that location')).toBeInTheDocument();
    expect(screen.queryByText('Updated Successfully')).not.toBeInTheDocument();
  });

  it('rotates the password after confirmation and shows the new one with a fresh list', async () => {
    let password = 'Kx7pQ2mZ9w';
    const { fetch } = renderGenerator({
      [`GET ${base}`]: () => ({
        message: 'Generator',
        encoded: true,
        payload: buildGenerator({ subscription, password }),
      }),
      [`POST /api/v1/auth/changekey/${subscription.id}`]: () => {
        password = 'N3wS3cret';
        return { message: 'Proxy password changed', payload: { username: 'customer_ab12cd', password } };
      },
    });
    await screen.findByRole('heading', { name: 'Connection' });
    await userEvent.click(screen.getByRole('button', { name: 'Rotate password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the proxy password?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate password' }));
    expect(await screen.findByText('Proxy password changed')).toBeInTheDocument();
    expect(screen.getByTestId('proxy-password')).toHaveTextContent('N3wS3cret');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Generated proxies').value).toContain(':N3wS3cret'),
    );
    expect(callsTo(fetch, `POST /api/v1/auth/changekey/${subscription.id}`)).toHaveLength(1);
  });

  it('sends the customer to the dashboard when the plan has expired', async () => {
    const { fetch } = renderGenerator({ [`GET ${base}`]: refuse(400, 'Plan expired') });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/dashboard');
    // One call: a 4xx is not retried, and nothing else on the page ran.
    expect(callsTo(fetch, `GET ${base}`)).toHaveLength(1);
  });
});

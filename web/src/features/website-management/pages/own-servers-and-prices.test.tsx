import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PUT, settingsApi, TEST } from '../test-data.ts';
import WebsiteManagementPage from './website-management-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = (section: string) =>
  renderWithProviders(<WebsiteManagementPage />, { path: `/admin/website-management?section=${section}` });

// These walk whole editing sessions keystroke by keystroke: on a busy machine that outlasts 5 s.
describe('WebsiteManagementPage: prices and own servers', { timeout: 20_000 }, () => {
  it('edits one renewal table with the plan tier editor and saves only that key', async () => {
    const fetch = settingsApi({ RenewISPPrices: '[{"value":5,"price":2.3}]' });
    open('prices');
    const form = await screen.findByRole('form', { name: 'ISP thread renewal' });
    expect(within(form).getByLabelText('Price per thread ($), tier 1')).toHaveValue('2.3');
    await userEvent.click(within(form).getByRole('button', { name: 'Add thread tier' }));
    await userEvent.type(within(form).getByLabelText('From (thread), tier 2'), '25');
    await userEvent.type(within(form).getByLabelText('Price per thread ($), tier 2'), '2.005');
    await userEvent.click(within(form).getByRole('button', { name: 'Save ISP thread prices' }));
    expect(within(form).getByText('Tier 2: the price must be dollars with at most two decimals')).toBeInTheDocument();
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Price per thread ($), tier 2'), '{Backspace}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save ISP thread prices' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(callsTo(fetch, PUT)[0]!.body).toEqual({
      RenewISPPrices: '[{"value":5,"price":2.3},{"value":25,"price":2}]',
    });

    const extensions = screen.getByRole('form', { name: 'Residential time extensions' });
    await userEvent.type(within(extensions).getByLabelText('Add 30 days ($)'), '8.5');
    await userEvent.click(within(extensions).getByRole('button', { name: 'Save extension prices' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(2));
    expect(callsTo(fetch, PUT)[1]!.body).toEqual({ ResidentialExtendByMonthPrice: '8.5' });
  });

  it('checks each exit as the Administrator types, tests it and saves the servers', async () => {
    const fetch = settingsApi(
      {},
      {},
      {
        [TEST]: (request) =>
          (request.body as { exit: { bind?: string } }).exit.bind === '203.0.113.10'
            ? { message: 'Exit tested', payload: { ok: true, exitIp: '203.0.113.10', ms: 142, error: null } }
            : { message: 'Exit tested', payload: { ok: false, exitIp: null, ms: 3000, error: 'Timed out' } },
      },
    );
    open('own-servers');
    // Nothing stored: one exit for any type and country, direct from the gateway.
    expect(await screen.findByText('Exit 1: Any type, any country')).toBeInTheDocument();
    expect(screen.getByText('Direct from the gateway')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Type, exit 1'), 'residential');
    await userEvent.clear(screen.getByLabelText('Country, exit 1'));
    await userEvent.type(screen.getByLabelText('Country, exit 1'), 'usa');
    expect(screen.getByText('Use an ISO 3166 two-letter country code or *')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Bind address, exit 1'), '203.0.113.999');
    expect(screen.getByRole('button', { name: 'Test this exit (exit 1)' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save own servers' }));
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Country, exit 1'), '{Backspace}');
    await userEvent.clear(screen.getByLabelText('Bind address, exit 1'));
    await userEvent.type(screen.getByLabelText('Bind address, exit 1'), '203.0.113.10');
    await userEvent.click(screen.getByRole('button', { name: 'Test this exit (exit 1)' }));
    expect(await screen.findByText(/Works: exit IP/)).toHaveTextContent('Works: exit IP 203.0.113.10 in 142 ms');
    expect(callsTo(fetch, TEST)[0]!.body).toEqual({
      exit: { type: 'residential', country: 'us', bind: '203.0.113.10' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Add exit' }));
    await userEvent.type(screen.getByLabelText('Upstream proxy, exit 2'), 'ftp://proxy.example:21');
    expect(screen.getByText('Use an http:// or socks5:// proxy URL')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Upstream proxy, exit 2'));
    await userEvent.type(screen.getByLabelText('Upstream proxy, exit 2'), 'socks5://u:p@proxy.example:1080');
    await userEvent.click(screen.getByRole('button', { name: 'Test this exit (exit 2)' }));
    expect(await screen.findByText('Failed after 3000 ms: Timed out')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Allowed internal targets'), '10.0.0.0/8{Enter}not-an-ip');
    expect(screen.getByText('“not-an-ip” (line 2): use an IP address or a CIDR range')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Allowed internal targets'), '{Backspace>9}');
    await userEvent.type(screen.getByLabelText('Blocked ports'), '25, 465');
    await userEvent.click(screen.getByRole('button', { name: 'Save own servers' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(JSON.parse((callsTo(fetch, PUT)[0]!.body as { OwnServers: string }).OwnServers)).toEqual({
      exits: [
        { type: 'residential', country: 'us', bind: '203.0.113.10' },
        { type: '*', country: '*', upstream: 'socks5://u:p@proxy.example:1080' },
      ],
      allowedTargets: ['10.0.0.0/8'],
      blockedPorts: [25, 465],
    });
  });

  it('folds many exits to one line each and narrows them by type and country', async () => {
    settingsApi({
      OwnServers: JSON.stringify({
        exits: [
          { type: '*', country: '*' },
          { type: 'ipv6', country: 'us', prefix: '2001:db8:1::/64', label: 'Ashburn' },
          { type: 'ipv6', country: 'de', prefix: '2001:db8:2::/64' },
          { type: 'mobile', country: 'de', upstream: 'http://u:p@proxy.example:8080', isp: 'Vodafone' },
        ],
      }),
    });
    open('own-servers');
    const summary = await screen.findByRole('button', { name: /Exit 2: IPv6, US/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');
    expect(summary).toHaveTextContent('Random address in 2001:db8:1::/64');
    expect(summary).toHaveTextContent('Ashburn');
    expect(screen.getByLabelText('Prefix, exit 2')).not.toBeVisible();
    await userEvent.click(summary);
    expect(screen.getByLabelText('Prefix, exit 2')).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Show type'), 'ipv6');
    await userEvent.type(screen.getByLabelText('Show country'), 'de');
    expect(screen.getByText('1 of 4 exits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exit 3: IPv6, DE/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exit 2:/ })).not.toBeInTheDocument();

    // A new exit takes the filter's type and country and opens at once.
    await userEvent.click(screen.getByRole('button', { name: 'Add exit' }));
    expect(screen.getByRole('button', { name: /Exit 5: IPv6, DE/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows a Manager the servers read-only, with the reason, and still lets them test an exit', async () => {
    const fetch = settingsApi(
      {
        OwnServers: JSON.stringify({
          exits: [{ type: 'mobile', country: 'de', upstream: 'http://user:secret@10.1.2.3:8080', label: 'Rack 3' }],
          allowedTargets: ['10.1.2.3'],
          blockedPorts: [25],
        }),
      },
      { role: 'Manager' },
      { [TEST]: { message: 'Exit tested', payload: { ok: true, exitIp: '198.51.100.4', ms: 88, error: null } } },
    );
    open('own-servers');
    expect(await screen.findByText(/Only an Administrator can change own servers/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save own servers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add exit' })).not.toBeInTheDocument();
    expect(screen.getByText('Exit 1: Mobile, DE')).toBeInTheDocument();
    expect(screen.getByText('http://***@10.1.2.3:8080')).toBeInTheDocument();
    expect(screen.getByLabelText('Allowed internal targets')).toHaveAttribute('readonly');

    await userEvent.click(screen.getByRole('button', { name: 'Test this exit (exit 1)' }));
    expect(await screen.findByText(/Works: exit IP/)).toHaveTextContent('Works: exit IP 198.51.100.4 in 88 ms');
    expect(callsTo(fetch, TEST)[0]!.body).toEqual({
      exit: { type: 'mobile', country: 'de', upstream: 'http://user:secret@10.1.2.3:8080', label: 'Rack 3' },
    });
    expect(callsTo(fetch, PUT)).toHaveLength(0);
  });
});

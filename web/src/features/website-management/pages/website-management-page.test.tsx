import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettingsKey } from '@tollgate/contract/admin/settings';
import { callsTo, fakeApi, type FakeRequest, type Reply } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { settingsPayload, staff } from '../test-data.ts';
import WebsiteManagementPage from './website-management-page.tsx';

afterEach(() => vi.unstubAllGlobals());

// These walk whole editing sessions keystroke by keystroke: on a busy machine that outlasts 5 s.

const GET = 'GET /api/v1/admin/settings';
const PUT = 'PUT /api/v1/admin/settings';
const TEST = 'POST /api/v1/admin/settings/own-servers/test';

/** A settings API that keeps what is PUT, as the server does, stamping who changed it. */
function settingsApi(
  initial: Partial<Record<SettingsKey, string>> = {},
  {
    role = 'Administrator' as 'Administrator' | 'Manager',
    put,
  }: { role?: 'Administrator' | 'Manager'; put?: Reply } = {},
  extra: Record<string, Reply | ((request: FakeRequest) => Reply)> = {},
) {
  const state = { ...initial };
  const changes: NonNullable<Parameters<typeof settingsPayload>[1]> = {};
  return fakeApi({
    'GET /api/v1/auth/me': staff(role),
    [GET]: () => ({ message: 'Settings', payload: settingsPayload(state, changes) }),
    [PUT]: (request) => {
      if (put) return put;
      for (const [key, value] of Object.entries(request.body as Record<SettingsKey, string>)) {
        state[key as SettingsKey] = value;
        changes[key as SettingsKey] = { updatedAt: '2026-11-25T06:00:00.000Z', updatedBy: 'admin' };
      }
      return { message: 'Settings updated', payload: settingsPayload(state, changes) };
    },
    ...extra,
  });
}

const open = (section: string) =>
  renderWithProviders(<WebsiteManagementPage />, { path: `/admin/website-management?section=${section}` });

describe('WebsiteManagementPage: social links and copyright', { timeout: 20_000 }, () => {
  it('saves only the social links, after refusing a link that is not https', async () => {
    const fetch = settingsApi({
      SocialLinks: JSON.stringify([{ social: 'Discord', link: 'https://discord.gg/old' }]),
      Copyright: '© 2026 Example Proxies',
    });
    open('social');
    const discord = await screen.findByLabelText('Discord link');
    expect(discord).toHaveValue('https://discord.gg/old');
    expect(screen.getByText('No change recorded yet')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Telegram link'), 'http://t.me/example');
    expect(await screen.findByText('Use an https:// link')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Telegram link'));
    await userEvent.type(screen.getByLabelText('Telegram link'), 'https://t.me/example');
    await userEvent.clear(discord);
    await userEvent.click(screen.getByRole('button', { name: 'Save social links' }));

    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(callsTo(fetch, PUT)[0]!.body).toEqual({
      SocialLinks: JSON.stringify([{ social: 'Telegram', link: 'https://t.me/example' }]),
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByText(/Last changed Nov 25, 2026, \d\d:00 by admin/)).toBeInTheDocument();

    // The preview is the public footer: the copyright line and only the services filled in.
    const preview = screen.getByRole('region', { name: 'Preview: the public footer' });
    expect(within(preview).getByText('© 2026 Example Proxies')).toBeInTheDocument();
    expect(within(preview).getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/example');
    expect(within(preview).queryByRole('link', { name: 'Discord' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal next to the form and keeps the edit', async () => {
    settingsApi({}, { put: { status: 400, message: 'Copyright: at most 200 characters', payload: { error: 'x' } } });
    open('copyright');
    const field = await screen.findByLabelText('Copyright line');
    await userEvent.type(field, '© Example');
    await userEvent.click(screen.getByRole('button', { name: 'Save copyright' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Copyright: at most 200 characters');
    expect(field).toHaveValue('© Example');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('WebsiteManagementPage: announcements, FAQ and status', { timeout: 20_000 }, () => {
  it('tells live, scheduled and ended announcements apart and saves a new one with its window', async () => {
    const day = 86_400_000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const item = (id: string, startsAt: string | null, endsAt: string | null) => ({
      id,
      title: `Title ${id}`,
      message: `Message ${id}`,
      level: 'info',
      createdAt: at(-10 * day),
      startsAt,
      endsAt,
    });
    const fetch = settingsApi({
      Announcements: JSON.stringify([
        item('live', at(-day), null),
        item('later', at(day), null),
        item('over', null, at(-day)),
      ]),
    });
    open('announcements');
    const list = await screen.findByRole('list', { name: 'Announcements' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Live now')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Scheduled')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ended')).toBeInTheDocument();
    // Customers see only the live one.
    const preview = screen.getByRole('region', { name: 'Preview: the customer dashboard' });
    expect(within(preview).getByText('Title live')).toBeInTheDocument();
    expect(within(preview).queryByText('Title later')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add announcement' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save announcements' }));
    expect(screen.getAllByText('Title is required').length).toBeGreaterThan(0);
    expect(callsTo(fetch, PUT)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Title, announcement 1'), 'Maintenance tonight');
    await userEvent.type(screen.getByLabelText('Message, announcement 1'), 'The gateway restarts at 02:00 UTC.');
    await userEvent.selectOptions(screen.getByLabelText('Kind, announcement 1'), 'warning');
    await userEvent.type(screen.getByLabelText('Show until (optional), announcement 1'), '2030-01-02T03:04');
    await userEvent.click(screen.getByRole('button', { name: 'Remove announcement 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save announcements' }));

    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    const body = callsTo(fetch, PUT)[0]!.body as { Announcements: string };
    expect(Object.keys(body)).toEqual(['Announcements']);
    const saved = JSON.parse(body.Announcements) as Array<Record<string, unknown>>;
    expect(saved.map((a) => a.id)).toEqual([expect.any(String), 'live', 'later']);
    expect(saved[0]).toMatchObject({
      title: 'Maintenance tonight',
      message: 'The gateway restarts at 02:00 UTC.',
      level: 'warning',
      startsAt: null,
      endsAt: new Date('2030-01-02T03:04').toISOString(),
    });
  });

  it('adds, reorders and removes questions and saves them in that order', async () => {
    const fetch = settingsApi({
      FAQ: JSON.stringify([
        { question: 'How do I pay?', answer: 'By card.' },
        { question: 'Can I get a refund?', answer: 'Within 24 hours.' },
      ]),
    });
    open('faq');
    await screen.findByLabelText('Question 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    // The new question has the focus: typing goes straight into it.
    expect(screen.getByLabelText('Question 3')).toHaveFocus();
    await userEvent.keyboard('Which countries?');
    await userEvent.type(screen.getByLabelText('Answer 3'), 'Over 190.');
    await userEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();

    const preview = screen.getByRole('region', { name: 'Preview: the FAQ page' });
    expect(
      within(preview)
        .getAllByRole('group')
        .map((item) => item.querySelector('summary')?.textContent),
    ).toEqual(['Which countries?', 'Can I get a refund?']);

    await userEvent.click(screen.getByRole('button', { name: 'Save FAQ' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    expect(JSON.parse((callsTo(fetch, PUT)[0]!.body as { FAQ: string }).FAQ)).toEqual([
      { question: 'Which countries?', answer: 'Over 190.' },
      { question: 'Can I get a refund?', answer: 'Within 24 hours.' },
    ]);
  });

  it('saves the status with its components and the time it was saved', async () => {
    const fetch = settingsApi();
    open('status');
    await userEvent.selectOptions(await screen.findByLabelText('Overall state'), 'degraded');
    await userEvent.clear(screen.getByLabelText('Message'));
    await userEvent.type(screen.getByLabelText('Message'), 'Mobile proxies are slow in Germany');
    await userEvent.click(screen.getByRole('button', { name: 'Add component' }));
    await userEvent.type(screen.getByLabelText('Component 1 name'), 'Mobile gateway');
    await userEvent.selectOptions(screen.getByLabelText('Component 1 state'), 'outage');
    const preview = screen.getByRole('region', { name: 'Preview: the status page' });
    expect(within(preview).getByText('Degraded performance')).toBeInTheDocument();
    expect(within(preview).getByText('Mobile gateway')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save status' }));
    await waitFor(() => expect(callsTo(fetch, PUT)).toHaveLength(1));
    const status = JSON.parse((callsTo(fetch, PUT)[0]!.body as { Status: string }).Status);
    expect(status).toEqual({
      overall: 'degraded',
      message: 'Mobile proxies are slow in Germany',
      components: [{ name: 'Mobile gateway', state: 'outage' }],
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});

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

describe('WebsiteManagementPage: leaving with unsaved edits', { timeout: 20_000 }, () => {
  it('asks before switching section and keeps the edit when the operator stays', async () => {
    settingsApi();
    const { router } = open('copyright');
    await userEvent.type(await screen.findByLabelText('Copyright line'), '© Mine');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.search).toBe('?section=copyright');
    expect(screen.getByLabelText('Copyright line')).toHaveValue('© Mine');

    await userEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=faq'));
    expect(await screen.findByRole('button', { name: 'Add question' })).toBeInTheDocument();
  });

  it('says when the stored value cannot be read and starts from the default', async () => {
    settingsApi({ FAQ: '[{"question":"No answer"}]' });
    open('faq');
    expect(await screen.findByText('The saved value could not be read')).toBeInTheDocument();
    expect(screen.getByText('No questions')).toBeInTheDocument();
  });

  it('opens the section named in the address and falls back to social links', async () => {
    settingsApi();
    open('nonsense');
    expect(await screen.findByLabelText('Discord link')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Social links' })).toHaveAttribute('aria-current', 'page');
  });
});

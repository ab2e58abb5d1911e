import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildProxyUsage, buildSubscription } from '../../../test/builders.ts';
import { callsTo, fakeApi, type Reply } from '../../../test/fake-api.ts';
import { stubResizeObserver } from '../../../test/resize-observer.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ProxyUsagePage from './proxy-usage-page.tsx';

/** jsdom's Blob has no text(); FileReader reads it. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

beforeEach(stubResizeObserver);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const residential = buildSubscription({ planTitle: 'Residential Rotating' });
const isp = buildSubscription({ planTitle: 'Static ISP', type: 'isp', bandwidth: 0, threads: 5 });

const dashboardReply: Reply = {
  message: 'Dashboard',
  encoded: true,
  payload: {
    balance: 0,
    stats: { activePlans: 2, expiringSoon: 0, totalSpent: 0, spentLast30Days: 0, bandwidthUsed: 0 },
    subscriptions: [residential, isp],
    announcements: [],
  },
};

function renderUsage(path: string, usage: Reply | ((url: URL) => Reply)) {
  const fetch = fakeApi({
    'GET /api/v1/public/dashboard': dashboardReply,
    'GET /api/v1/public/proxy-usage': ({ url }) => (typeof usage === 'function' ? usage(url) : usage),
  });
  return { fetch, ...renderWithProviders(<ProxyUsagePage />, { route: '/proxy-usage', path }) };
}

const usageReply = (overrides: Parameters<typeof buildProxyUsage>[0] = {}): Reply => ({
  message: 'Proxy usage',
  payload: buildProxyUsage(overrides),
});

const tile = (label: string) => screen.getByText(label, { selector: 'dt > span' }).closest('dt')!.nextElementSibling;

describe('ProxyUsagePage', () => {
  it('shows the totals, the bandwidth left and when it runs out', async () => {
    const { fetch } = renderUsage(`/proxy-usage?subscriptionId=${residential.id}`, usageReply());
    expect(await screen.findByText('2.25 GB')).toBeInTheDocument();
    expect(tile('Download')).toHaveTextContent('2.25 GB');
    expect(tile('Upload')).toHaveTextContent('768 MB');
    expect(tile('Total traffic')).toHaveTextContent('3 GB');
    expect(tile('Requests')).toHaveTextContent('2,000');
    expect(tile('Failures')).toHaveTextContent('30');
    expect(tile('Failure rate')).toHaveTextContent('1.5%');

    expect(screen.getByRole('progressbar', { name: 'Bandwidth used' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('4 GB of 10 GB used')).toBeInTheDocument();
    expect(screen.getByTestId('forecast')).toHaveTextContent(
      'At the current rate your bandwidth runs out on Nov 24, 2026',
    );
    expect(screen.getAllByText('United States').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Plan')).toHaveValue(residential.id);

    const query = callsTo(fetch, 'GET /api/v1/public/proxy-usage')[0]!.url.searchParams;
    expect(query.get('subscriptionId')).toBe(residential.id);
    expect(query.get('granularity')).toBe('day');
    const days = (Date.parse(query.get('to')!) - Date.parse(query.get('from')!)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('lists traffic through exits that name no country as a row of its own', async () => {
    renderUsage(
      `/proxy-usage?subscriptionId=${residential.id}`,
      usageReply({ countries: [{ country: '', bytes: 3 * 1024 ** 3, requests: 2000 }] }),
    );
    // The table row (the same rows also render as cards on phones).
    const row = (await screen.findAllByText('No specific country')).map((cell) => cell.closest('tr')).find(Boolean)!;
    expect(row).toHaveTextContent('3 GB');
    expect(row).toHaveTextContent('100%');
    expect(screen.queryByText('No traffic in this period')).not.toBeInTheDocument();
  });

  it('says when there is not enough traffic to forecast', async () => {
    renderUsage(
      `/proxy-usage?subscriptionId=${residential.id}`,
      usageReply({ forecast: { bytesPerDay: 0, runsOutAt: null } }),
    );
    expect(await screen.findByTestId('forecast')).toHaveTextContent('Not enough recent traffic to forecast');
  });

  it('exports the series as CSV', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:usage';
      },
      revokeObjectURL: () => {},
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderUsage(`/proxy-usage?subscriptionId=${residential.id}`, usageReply());
    const exportButton = await screen.findByRole('button', { name: 'Export CSV' });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await userEvent.click(exportButton);
    expect(names).toEqual(['tollgate-usage-2026-11-20-2026-11-21-day.csv']);
    expect(created[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await readText(created[0]!)).toBe(
      [
        'at,bytes_in,bytes_out,requests,failures',
        '2026-11-20T00:00:00.000Z,268435456,805306368,1200,12',
        '2026-11-21T00:00:00.000Z,536870912,1610612736,800,18',
        '',
      ].join('\r\n'),
    );
  });

  it('asks again for another plan, period and granularity', async () => {
    const { fetch } = renderUsage('/proxy-usage', usageReply());
    // Without ?subscriptionId the first active plan is shown.
    await screen.findByText('2.25 GB');
    expect(callsTo(fetch, 'GET /api/v1/public/proxy-usage')[0]!.url.searchParams.get('subscriptionId')).toBe(
      residential.id,
    );

    await userEvent.selectOptions(screen.getByLabelText('Plan'), isp.id);
    await userEvent.click(screen.getByRole('radio', { name: '24 hours' }));
    await waitFor(() => {
      const last = callsTo(fetch, 'GET /api/v1/public/proxy-usage').at(-1)!.url.searchParams;
      expect(last.get('subscriptionId')).toBe(isp.id);
      expect(last.get('granularity')).toBe('hour');
    });

    await userEvent.click(screen.getByRole('radio', { name: 'Custom' }));
    const custom = within(screen.getByRole('form', { name: 'Custom period' }));
    await userEvent.clear(custom.getByLabelText('From'));
    await userEvent.type(custom.getByLabelText('From'), '2026-01-01');
    await userEvent.clear(custom.getByLabelText('To'));
    await userEvent.type(custom.getByLabelText('To'), '2026-12-31');
    await userEvent.click(custom.getByRole('button', { name: 'Apply' }));
    expect(custom.getByLabelText('To')).toHaveAccessibleDescription('Choose at most 92 days');

    await userEvent.clear(custom.getByLabelText('To'));
    await userEvent.type(custom.getByLabelText('To'), '2026-01-31');
    await userEvent.click(custom.getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('radio', { name: 'By day' }));
    await waitFor(() => {
      const last = callsTo(fetch, 'GET /api/v1/public/proxy-usage').at(-1)!.url.searchParams;
      expect(last.get('from')).toBe(new Date(2026, 0, 1).toISOString());
      expect(last.get('granularity')).toBe('day');
    });
  });

  it('tells two plans of one product apart in the plan selector', async () => {
    renderUsage('/proxy-usage', usageReply());
    await screen.findByText('2.25 GB');
    const options = within(screen.getByLabelText('Plan')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      expect.stringMatching(
        /^Residential Rotating, 10 GB · #\w{8} · user customer_\d+ · bought \w{3} \d+, \d{4} · Residential · active$/,
      ),
      expect.stringMatching(/^Static ISP, 5 threads · #\w{8} · user customer_\d+ · bought/),
    ]);
  });

  it('shows thread plans without a bandwidth cap', async () => {
    renderUsage(
      `/proxy-usage?subscriptionId=${isp.id}`,
      usageReply({
        bandwidth: { totalBytes: null, usedBytes: 1024 ** 3 },
        forecast: { bytesPerDay: 0, runsOutAt: null },
      }),
    );
    expect(await screen.findByText(/This plan is sold by threads/)).toHaveTextContent('1 GB used.');
    expect(screen.queryByRole('progressbar', { name: 'Bandwidth used' })).not.toBeInTheDocument();
  });

  it('invites a customer without plans to buy one', async () => {
    fakeApi({
      'GET /api/v1/public/dashboard': {
        ...dashboardReply,
        payload: { ...(dashboardReply.payload as object), subscriptions: [] },
      },
    });
    renderWithProviders(<ProxyUsagePage />, { route: '/proxy-usage', path: '/proxy-usage' });
    expect(await screen.findByText('No plans yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy a plan' })).toHaveAttribute('href', '/plans');
  });
});

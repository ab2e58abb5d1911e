import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LogEntry } from '@tollgate/contract/admin/logs';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import GeneralLogsPage from './general-logs-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/v1/admin/general-logs';
const RETENTION = 'GET /api/v1/admin/general-logs/retention';
const SAVE = 'PUT /api/v1/admin/general-logs/retention';
const XSS = '<img src=x onerror=alert(1)>';
const retention = { days: 365, defaultDays: 365, minDays: 30, maxDays: 3650, updatedAt: null };

const entry = (overrides: Partial<LogEntry> = {}): LogEntry => ({
  id: 'audit:7',
  kind: 'audit',
  action: 'plan.update',
  actionLabel: 'Plan edited',
  summary: 'Plan edited — plan “Basic”: priceCents',
  actor: { id: '11111111-1111-4111-8111-111111111111', username: 'admin' },
  targetAccount: null,
  target: { type: 'plan', id: '22222222-2222-4222-8222-222222222222' },
  before: { title: XSS, priceCents: 1000, visible: true },
  after: { title: XSS, priceCents: 1250, visible: true },
  detail: null,
  reason: 'Price rise',
  ip: '203.0.113.9',
  userAgent: 'Firefox',
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const render = (path = '/admin/general-logs') => renderWithProviders(<GeneralLogsPage />, { path });
const api = (role: 'Administrator' | 'Manager', items: LogEntry[] = [entry()]) =>
  fakeApi({
    'GET /api/v1/auth/me': { payload: testUser({ role, username: role.toLowerCase() }) },
    [LIST]: { payload: { items, total: items.length, page: 1, size: 25 } },
    [RETENTION]: { payload: retention },
    [SAVE]: ({ body }) => ({
      payload: { ...retention, days: (body as { days: number }).days, updatedAt: '2026-11-22T10:00:00.000Z' },
    }),
  });

describe('GeneralLogsPage', () => {
  it('tells a Manager the page is for Administrators and asks the server for nothing', async () => {
    const fetch = api('Manager');
    render();
    expect(await screen.findByText('General site logs are for Administrators')).toBeInTheDocument();
    expect(callsTo(fetch, LIST)).toHaveLength(0);
    expect(callsTo(fetch, RETENTION)).toHaveLength(0);
  });

  it('opens a row into a field-by-field diff: the change highlighted, unchanged fields folded, markup as text', async () => {
    api('Administrator');
    const { container } = render();
    const table = await screen.findByRole('table', { name: 'General site logs' });
    expect(within(table).getByText('plan “Basic”: priceCents')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Show details of Plan edited' }));
    const diff = within(table).getByTestId('log-diff');
    const changed = within(diff).getByRole('row', { name: /Price/ });
    expect(changed).toHaveAttribute('data-change', 'changed');
    expect(changed).toHaveTextContent('$10.00');
    expect(changed).toHaveTextContent('$12.50');
    expect(within(diff).queryByRole('row', { name: /Title/ })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Show 2 unchanged fields' }));
    expect(within(diff).getByRole('row', { name: /Title/ })).toHaveTextContent(XSS);
    expect(container.querySelector('img')).toBeNull();
    expect(within(table).getByText('Price rise')).toBeInTheDocument();
    expect(within(table).getByText('203.0.113.9', { selector: 'dd span' })).toBeInTheDocument();
  });

  it('sends the filters in the URL to the server, and refuses a retention below 30 days before asking it', async () => {
    const fetch = api('Administrator');
    render('/admin/general-logs?kind=security&action=sign_in&target=bob&from=2026-11-01');
    await screen.findByRole('table', { name: 'General site logs' });
    const query = callsTo(fetch, LIST)[0]!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      kind: 'security',
      action: 'sign_in',
      target: 'bob',
      from: '2026-11-01',
    });

    const days = screen.getByLabelText('Keep security events for (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('days: at least 30')).toBeInTheDocument();
    expect(callsTo(fetch, SAVE)).toHaveLength(0);
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(callsTo(fetch, SAVE)).toHaveLength(1));
    expect(callsTo(fetch, SAVE)[0]!.body).toEqual({ days: 90 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SystemStatus } from '@tollgate/contract/admin/system';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import SystemPage from './system-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const STATUS = 'GET /api/v1/admin/system';
const checkedAt = '2026-12-08T12:00:00.000Z';
const status = (over: Partial<SystemStatus> = {}): SystemStatus => ({
  instances: [
    {
      id: 'a',
      kind: 'shop',
      host: 'shop-1',
      version: '0.1.0',
      startedAt: '2026-12-08T09:00:00.000Z',
      seenAt: '2026-12-08T11:59:55.000Z',
      lost: false,
      rssBytes: 180 * 1024 ** 2,
      connections: null,
      flushLagSeconds: null,
    },
    {
      id: 'b',
      kind: 'gateway',
      host: 'edge-2',
      version: '0.1.0',
      startedAt: '2026-12-08T08:00:00.000Z',
      seenAt: '2026-12-08T11:55:00.000Z',
      lost: true,
      rssBytes: 90 * 1024 ** 2,
      connections: 412,
      flushLagSeconds: 2,
    },
  ],
  queues: [{ queue: 'subscriptions-expire', due: 3, lagSeconds: 1_200 }],
  deliveries: [
    { kind: 'webhooks', pending: 4, failing: 2, oldestPendingSeconds: 95 },
    { kind: 'notices', pending: 0, failing: 0, oldestPendingSeconds: null },
    { kind: 'campaign mail', pending: 0, failing: 0, oldestPendingSeconds: null },
  ],
  database: { dialect: 'postgres', sizeBytes: 3 * 1024 ** 3, lastBackupAt: null },
  checkedAt,
  ...over,
});

const api = (role: 'Administrator' | 'Manager', payload = status()) =>
  fakeApi({
    'GET /api/v1/auth/me': { payload: testUser({ role, username: role.toLowerCase() }) },
    [STATUS]: { payload },
  });

describe('SystemPage', () => {
  it('tells a Manager the page is for Administrators and asks the server for nothing', async () => {
    const fetch = api('Manager');
    renderWithProviders(<SystemPage />, { path: '/admin/system' });
    expect(await screen.findByText('The system page is for Administrators')).toBeInTheDocument();
    expect(callsTo(fetch, STATUS)).toHaveLength(0);
  });

  it('puts the lost gateway node first, says how long it has been quiet, and flags a late job', async () => {
    api('Administrator');
    renderWithProviders(<SystemPage />, { path: '/admin/system' });
    const table = await screen.findByRole('table', { name: 'Instances and gateway nodes' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('edge-2');
    expect(first).toHaveTextContent('Lost 5 min ago');
    expect(first).toHaveTextContent('412');
    expect(second).toHaveTextContent('shop-1');
    expect(second).toHaveTextContent('Live');
    expect(second).toHaveTextContent('3 h');
    expect(screen.getByText(/1 shop instance and 0 gateway nodes live/)).toBeInTheDocument();
    const jobs = screen.getByRole('table', { name: 'Scheduled jobs due' });
    expect(within(jobs).getByText('20 min')).toBeInTheDocument();
    const deliveries = screen.getByRole('table', { name: 'Undelivered webhooks, notices and campaign mail' });
    expect(within(deliveries).getAllByRole('row')[1]).toHaveTextContent(/webhooks\s*4\s*2\s*1 min/i);
    expect(screen.getByText('3 GB')).toBeInTheDocument();
    expect(screen.getByText(/pg_dump runs outside the shop/)).toBeInTheDocument();
  });

  it('says when nothing is waiting and how old the last backup is', async () => {
    api(
      'Administrator',
      status({
        queues: [],
        database: { dialect: 'pglite', sizeBytes: 50 * 1024 ** 2, lastBackupAt: '2026-12-06T12:00:00.000Z' },
      }),
    );
    renderWithProviders(<SystemPage />, { path: '/admin/system' });
    expect(await screen.findByText('Nothing is waiting')).toBeInTheDocument();
    expect(screen.getByText('Embedded (PGlite)')).toBeInTheDocument();
    expect(screen.getByText('2 d ago')).toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '#lib/toast.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { pollInterval, POLL_MS } from '../api/notifications.ts';
import { NotificationBell } from './notification-bell.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = 'GET /api/v1/admin/notification';
const TICKET = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const N1 = 'c0000000-0000-4000-8000-000000000001';
const N2 = 'c0000000-0000-4000-8000-000000000002';
const notifications = [
  {
    id: N1,
    ticket: TICKET,
    message: 'New ticket from bob: <img src=x onerror=alert(1)>',
    read: false,
    createdAt: '2026-11-24T09:00:00.000Z',
  },
  { id: N2, ticket: TICKET, message: 'bob replied', read: true, createdAt: '2026-11-23T09:00:00.000Z' },
];

describe('NotificationBell', () => {
  it('shows the unread count and lists notifications, each opening its ticket and marking itself read', async () => {
    let unread = 1;
    const fetch = fakeApi({
      [LIST]: () => ({ payload: { notifications, unread } }),
      [`GET /api/v1/admin/mark-notification/${N1}`]: () => {
        unread = 0;
        return { payload: { unread } };
      },
    });
    const { router, container } = renderWithProviders(<NotificationBell />, { path: '/admin/dashboard' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-count')).toHaveTextContent('1');
    await userEvent.click(bell);
    const menu = screen.getByRole('region', { name: 'Notifications' });
    const items = within(menu).getAllByRole('link');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('href', `/admin/tickets/${TICKET}`);
    expect(items[0]).toHaveTextContent('New ticket from bob: <img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();

    await userEvent.click(items[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tickets/${TICKET}`));
    expect(callsTo(fetch, `GET /api/v1/admin/mark-notification/${N1}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    let unread = 1;
    const fetch = fakeApi({
      [LIST]: () => ({
        payload: { notifications: notifications.map((n) => ({ ...n, read: unread === 0 || n.read })), unread },
      }),
      'GET /api/v1/admin/mark-notification': () => {
        unread = 0;
        return { payload: { unread } };
      },
    });
    renderWithProviders(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).not.toBeInTheDocument();
    expect(callsTo(fetch, 'GET /api/v1/admin/mark-notification')).toHaveLength(1);
  });

  it('logs a failed notification call to the console only: no toast, no error page, no sign-out', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('accessToken', 'token');
    fakeApi({ [LIST]: { status: 500, message: 'Internal Server Error', payload: { error: 'boom' } } });
    const { router } = renderWithProviders(<NotificationBell />, { path: '/admin/tickets' });
    await waitFor(() => expect(log).toHaveBeenCalledWith('Notifications', expect.anything()));
    expect(notify).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/admin/tickets');
    expect(localStorage.getItem('accessToken')).toBe('token');
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('polls every 15 s and backs off after failures, up to five minutes', () => {
    expect(POLL_MS).toBe(15_000);
    expect([0, 1, 2, 3, 10].map(pollInterval)).toEqual([15_000, 30_000, 60_000, 120_000, 300_000]);
  });
});

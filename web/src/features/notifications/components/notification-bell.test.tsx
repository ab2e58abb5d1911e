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
    link: `/admin/tickets/${TICKET}`,
    message: 'New ticket from bob: <img src=x onerror=alert(1)>',
    read: false,
    createdAt: '2026-11-24T09:00:00.000Z',
  },
  {
    id: N2,
    ticket: TICKET,
    link: `/admin/tickets/${TICKET}`,
    message: 'bob replied',
    read: true,
    createdAt: '2026-11-23T09:00:00.000Z',
  },
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
    const { router, container } = renderWithProviders(<NotificationBell audience="staff" />, {
      path: '/admin/dashboard',
    });
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

  it('opens the link each notification carries, with or without a ticket', async () => {
    const approval = {
      id: 'c0000000-0000-4000-8000-000000000003',
      ticket: null,
      link: '/admin/change-requests',
      message: 'sam asks to add $600.00 to bob',
      read: false,
      createdAt: '2026-11-25T09:00:00.000Z',
    };
    const support = { ...notifications[0]!, link: `/support/tickets/${TICKET}` };
    fakeApi({ [LIST]: { payload: { notifications: [approval, support], unread: 2 } } });
    renderWithProviders(<NotificationBell audience="staff" />, { path: '/support/trialpage' });
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const links = within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/admin/change-requests');
    expect(links[0]).toHaveTextContent('sam asks to add $600.00 to bob');
    expect(links[1]).toHaveAttribute('href', `/support/tickets/${TICKET}`);
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
    renderWithProviders(<NotificationBell audience="staff" />);
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
    const { router } = renderWithProviders(<NotificationBell audience="staff" />, { path: '/admin/tickets' });
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

  describe('in the customer area', () => {
    const ANSWER = {
      id: 'c0000000-0000-4000-8000-000000000009',
      ticket: TICKET,
      link: `/ticket/${TICKET}`,
      message: 'Support answered your ticket: Proxies stopped',
      read: false,
      createdAt: '2026-11-26T09:00:00.000Z',
    };

    it('reads the customer’s own list and opens the answered ticket, marking it read', async () => {
      let unread = 1;
      const fetch = fakeApi({
        'GET /api/v1/notification': () => ({
          payload: { notifications: [{ ...ANSWER, read: unread === 0 }], unread },
        }),
        [`GET /api/v1/mark-notification/${ANSWER.id}`]: () => {
          unread = 0;
          return { payload: { unread } };
        },
      });
      const { router } = renderWithProviders(<NotificationBell audience="customer" />, { path: '/dashboard' });
      const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
      expect(bell).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(bell);
      expect(bell).toHaveAttribute('aria-expanded', 'true');
      const menu = screen.getByRole('region', { name: 'Notifications' });
      const link = within(menu).getByRole('link', { name: /Support answered your ticket: Proxies stopped/ });
      expect(link).toHaveAccessibleName(/unread/);
      expect(link).toHaveAttribute('href', `/ticket/${TICKET}`);

      await userEvent.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe(`/ticket/${TICKET}`));
      expect(callsTo(fetch, `GET /api/v1/mark-notification/${ANSWER.id}`)).toHaveLength(1);
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
      expect(callsTo(fetch, LIST)).toHaveLength(0);
    });

    it('marks all read with the customer call and says when there is nothing', async () => {
      let unread = 1;
      const fetch = fakeApi({
        'GET /api/v1/notification': () => ({
          payload: { notifications: [{ ...ANSWER, read: unread === 0 }], unread },
        }),
        'GET /api/v1/mark-notification': () => {
          unread = 0;
          return { payload: { unread } };
        },
      });
      renderWithProviders(<NotificationBell audience="customer" />, { path: '/dashboard' });
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
      await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
      expect(callsTo(fetch, 'GET /api/v1/mark-notification')).toHaveLength(1);

      fakeApi({ 'GET /api/v1/notification': { payload: { notifications: [], unread: 0 } } });
    });

    it('shows an empty list plainly', async () => {
      fakeApi({ 'GET /api/v1/notification': { payload: { notifications: [], unread: 0 } } });
      renderWithProviders(<NotificationBell audience="customer" />, { path: '/dashboard' });
      await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
      expect(
        within(screen.getByRole('region', { name: 'Notifications' })).getByText('No notifications yet'),
      ).toBeVisible();
    });

    it('asks nothing while disabled (a reseller API account on its way out)', async () => {
      const fetch = fakeApi({});
      renderWithProviders(<NotificationBell audience="customer" enabled={false} />, { path: '/dashboard' });
      expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
      expect(callsTo(fetch, 'GET /api/v1/notification')).toHaveLength(0);
    });
  });
});

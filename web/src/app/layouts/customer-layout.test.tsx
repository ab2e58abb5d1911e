import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../test/render.tsx';
import CustomerLayout from './customer-layout.tsx';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  // A desktop-wide window: the shell asks whether it is in mobile mode.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});

describe('CustomerLayout', () => {
  it('shows the staff message above the page, with no way to dismiss it', async () => {
    fakeApi({
      'GET /api/v1/auth/me': {
        payload: testUser({ staffMessage: 'Your plan moves to a new server on Friday.\nNo action needed.' }),
      },
    });
    renderWithProviders(<CustomerLayout />, { route: '/dashboard', path: '/dashboard' });
    const notice = await screen.findByTestId('staff-notice');
    expect(notice).toHaveTextContent('Your plan moves to a new server on Friday. No action needed.');
    expect(screen.getByText('A message from our team')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /dismiss|close/i })).not.toBeInTheDocument();
  });

  it('shows no notice when staff left none', async () => {
    fakeApi({ 'GET /api/v1/auth/me': { payload: testUser() } });
    renderWithProviders(<CustomerLayout />, { route: '/dashboard', path: '/dashboard' });
    expect(await screen.findByRole('main')).toBeInTheDocument();
    expect(screen.queryByTestId('staff-notice')).not.toBeInTheDocument();
  });

  it('puts the notification bell in the top bar with the unread count', async () => {
    fakeApi({
      'GET /api/v1/auth/me': { payload: testUser() },
      'GET /api/v1/notification': {
        payload: {
          notifications: [
            {
              id: 'c0000000-0000-4000-8000-000000000001',
              ticket: null,
              link: '/ticket/7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
              message: 'Support answered your ticket: Slow proxies',
              read: false,
              createdAt: '2026-11-26T09:00:00.000Z',
            },
          ],
          unread: 1,
        },
      },
    });
    renderWithProviders(<CustomerLayout />, { route: '/dashboard', path: '/dashboard' });
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });
});

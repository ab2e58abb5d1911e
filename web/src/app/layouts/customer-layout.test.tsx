import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
});

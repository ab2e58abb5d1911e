import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import VerifyEmailProcessPage from './verify-email-process-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = (token: string) =>
  renderWithProviders(<VerifyEmailProcessPage />, {
    route: '/verify-email/process/:verifyToken',
    path: `/verify-email/process/${token}`,
    strict: true,
  });

describe('VerifyEmailProcessPage', () => {
  it('verifies once even under StrictMode, then offers sign-in', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(jsonResponse(200, { status: 200, message: 'Email verified', payload: null }));
    vi.stubGlobal('fetch', fetch);
    open('abcdefghijklmnopqrstuv');
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/auth/verify-email/abcdefghijklmnopqrstuv');
  });

  it("shows the server's reason and a way to get a new link", async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(400, { status: 400, message: 'This link is invalid or has expired.', payload: { error: 'x' } }),
        ),
    );
    open('used-token-used-token-used');
    expect(await screen.findByTestId('link-error')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/verify-email');
  });
});

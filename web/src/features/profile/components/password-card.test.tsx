import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { PasswordCard } from './password-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('PasswordCard', () => {
  it('shows the server message for a wrong current password in the form', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        jsonResponse(400, { status: 400, message: 'Current password is incorrect', payload: { error: 'x' } }),
      );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<PasswordCard user={testUser()} />);
    await userEvent.type(screen.getByLabelText('Current password'), 'not-my-password');
    await userEvent.type(screen.getByLabelText('New password'), 'Brand-new-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Brand-new-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/public/profile/password');
    expect(JSON.parse(init.body)).toEqual({ currentPassword: 'not-my-password', newPassword: 'Brand-new-pass-1' });
  });

  it('explains how a Google-only account gets a password instead of the form', () => {
    renderWithProviders(<PasswordCard user={testUser({ hasPassword: false })} />);
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.getByText('You sign in with Google')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/forgot-password');
  });
});

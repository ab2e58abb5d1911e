import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ChangePasswordPage from './change-password-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const route = '/change-password/:resetPasswordToken';

describe('ChangePasswordPage', () => {
  it('speaks of a first password when opened from the welcome mail', async () => {
    const fetch = fakeApi({
      'POST /api/v1/auth/reset-password/tok123': { message: 'Password changed', payload: null },
    });
    renderWithProviders(<ChangePasswordPage />, { route, path: '/change-password/tok123?welcome=1' });
    expect(screen.getByRole('heading', { name: 'Welcome! Choose your password' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.paste('first-Password-872');
    await userEvent.click(screen.getByLabelText(/Confirm/));
    await userEvent.paste('first-Password-872');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(screen.getByTestId('elsewhere')).toHaveTextContent('/password-changed-successfully?welcome=1'),
    );
    expect(callsTo(fetch, 'POST /api/v1/auth/reset-password/tok123')[0]!.body).toEqual({
      password: 'first-Password-872',
    });
  });

  it('is a reset otherwise', () => {
    renderWithProviders(<ChangePasswordPage />, { route, path: '/change-password/tok123' });
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });
});

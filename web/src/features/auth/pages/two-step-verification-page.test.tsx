import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storage } from '#lib/storage.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';
import TwoStepVerificationPage from './two-step-verification-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2';

function open(next = '') {
  return renderWithProviders(<TwoStepVerificationPage />, {
    route: '/2-step-verification/:twoFactorToken',
    path: `/2-step-verification/${TOKEN}${next}`,
  });
}

describe('TwoStepVerificationPage', () => {
  it('signs in with the code: stores token and user like a password sign-in, then goes on', async () => {
    const user = testUser({ twoFactorEnabled: true });
    const fetch = answerEveryCall(200, 'Login successful', { accessToken: 'tok-2fa', user });
    open('?next=%2Fapi-docs');
    const input = screen.getByLabelText('Authentication code');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/api-docs');
    expect(storage.getToken()).toBe('tok-2fa');
    expect(storage.getUser()).toEqual(user);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/v1/auth/2fa/${TOKEN}`);
    expect(JSON.parse(init.body)).toEqual({ totp: '123456' });
  });

  it('shows the server message for a wrong code and stays signed out', async () => {
    answerEveryCall(400, 'Invalid code', { error: 'x' });
    open();
    await userEvent.type(screen.getByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid code');
    expect(storage.getToken()).toBeNull();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it('accepts a backup code and refuses anything else before calling', async () => {
    const fetch = answerEveryCall(200, 'Login successful', { accessToken: 'tok-backup', user: testUser() });
    open();
    await userEvent.type(screen.getByLabelText('Authentication code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the 6-digit code from your authenticator app or a backup code')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    const backup = screen.getByLabelText('Backup code');
    expect(backup).toHaveAttribute('inputmode', 'text');
    await userEvent.type(backup, 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/dashboard');
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ totp: 'abcde-12345' });
  });
});

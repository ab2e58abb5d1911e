import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';
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
    const fetch = answerEveryCall(200, 'Email verified');
    open('abcdefghijklmnopqrstuv');
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/auth/verify-email/abcdefghijklmnopqrstuv');
  });

  it("shows the server's reason and a way to get a new link", async () => {
    answerEveryCall(400, 'This link is invalid or has expired.', { error: 'x' });
    open('used-token-used-token-used');
    expect(await screen.findByTestId('link-error')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/verify-email');
  });
});

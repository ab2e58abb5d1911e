import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';
import VerifyEmailPage from './verify-email-page.tsx';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const resendButton = () => screen.getByRole('button', { name: /Resend/ });

async function clickResend() {
  fireEvent.click(resendButton());
  await act(() => vi.advanceTimersByTimeAsync(0));
}

describe('VerifyEmailPage', () => {
  it('shows where the link went and counts down the cooldown after a resend', async () => {
    const fetch = answerEveryCall(200, 'If that address needs verifying, a new link is on its way.', {
      retryAfterSeconds: 30,
    });
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?email=new%40example.com' });
    expect(screen.getByTestId('sent-to')).toHaveTextContent('new@example.com');
    expect(resendButton()).toBeEnabled();

    await clickResend();
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ email: 'new@example.com' });
    expect(await screen.findByText('If that address needs verifying, a new link is on its way.')).toBeInTheDocument();
    expect(resendButton()).toBeDisabled();
    expect(resendButton()).toHaveTextContent('Resend in 30 s');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(resendButton()).toHaveTextContent('Resend in 20 s');
    await act(() => vi.advanceTimersByTimeAsync(20_500));
    expect(resendButton()).toBeEnabled();
    expect(resendButton()).toHaveTextContent('Resend verification email');
  });

  it('waits 60 s after a 429 and shows its message', async () => {
    answerEveryCall(429, 'Too many requests, please try again later.', {
      error: 'Too many requests, please try again later.',
    });
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email?email=new%40example.com' });
    await clickResend();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
    expect(resendButton()).toHaveTextContent('Resend in 60 s');
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(resendButton()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(resendButton()).toBeEnabled();
  });

  it('asks for the address when the link did not carry one', () => {
    renderWithProviders(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(resendButton()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    expect(resendButton()).toBeEnabled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';
import { storage } from '#lib/storage.ts';
import { LoginForm } from './login-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function submit(login: string, password: string) {
  const user = userEvent.setup();
  if (login) await user.type(screen.getByLabelText('Email or username'), login);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows a server 400 message in the form', async () => {
    const fetch = answerEveryCall(400, 'Invalid email/username or password', { error: 'x' });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await submit('customer', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email/username or password');
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ login: 'customer', password: 'wrong-password' });
  });

  it('tells a disabled account to contact support, and stores nothing', async () => {
    const message = 'This account is disabled. Contact support.';
    answerEveryCall(400, message, { error: message });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await submit('customer', 'Customer-demo-2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(storage.getToken()).toBeNull();
  });

  it('shows field errors instead of the text "Validation Error"', async () => {
    answerEveryCall(400, 'Validation Error', {
      error: 'Validation Error',
      fields: [{ path: 'body.login', message: 'That login is too long' }],
    });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await submit('customer', 'secret-password');
    expect(await screen.findByText('That login is too long')).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the 429 message', async () => {
    answerEveryCall(429, 'Too many requests, please try again later.', { error: 'x' });
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await submit('customer', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
  });

  it('validates with the contract schema before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    await submit('', '');
    expect(screen.getByText('Enter your email or username')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stores the token and user on success', async () => {
    const user = { id: 'u1', username: 'customer', role: 'User', balance: 0, reseller: 0 };
    answerEveryCall(200, 'Login successful', { accessToken: 'tok', user });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await submit('customer', 'Customer-demo-2026!');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ user }));
    expect(storage.getToken()).toBe('tok');
    expect(storage.getUser()).toEqual(user);
  });

  it('hands over the two-factor token without signing in when a code is required', async () => {
    answerEveryCall(200, 'Two-factor code required', { twoFactorToken: 'AAAAAAAAAAAAAAAAAAAAAA' });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);
    await submit('customer', 'Customer-demo-2026!');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ twoFactorToken: 'AAAAAAAAAAAAAAAAAAAAAA' }));
    expect(storage.getToken()).toBeNull();
  });

  it('links to the forgot-password page', () => {
    renderWithProviders(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });
});

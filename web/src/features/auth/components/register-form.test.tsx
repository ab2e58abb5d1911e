import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { answerEveryCall } from '../../../test/fake-api.ts';
import { RegisterForm } from './register-form.tsx';

afterEach(() => vi.unstubAllGlobals());

async function fill(
  values: { username?: string; email?: string; password?: string; confirm?: string },
  { acceptTerms = true } = {},
) {
  const user = userEvent.setup();
  if (acceptTerms) await user.click(screen.getByRole('checkbox', { name: /I accept the Terms of Service/ }));
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

const valid = { username: 'newbie', email: 'New@Example.com', password: 'Long-enough-1', confirm: 'Long-enough-1' };

describe('RegisterForm', () => {
  it('sends the account with the referral and partner codes and reports the email', async () => {
    const fetch = answerEveryCall(201, 'Account created. Check your email to verify it.', { email: 'new@example.com' });
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm referralCode="FRIEND1" partnerCode="acme" onRegistered={onRegistered} />);
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('FRIEND1');
    await fill(valid);
    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledWith('new@example.com'));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/auth/register');
    expect(JSON.parse(init.body)).toEqual({
      username: 'newbie',
      email: 'new@example.com',
      password: 'Long-enough-1',
      referralCode: 'FRIEND1',
      partnerCode: 'acme',
      acceptTerms: true,
    });
  });

  it('asks for the terms before calling the server, linking both texts', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Acceptable Use Policy' })).toHaveAttribute('href', '/acceptable-use');
    await fill(valid, { acceptTerms: false });
    expect(
      screen.getByText('Accept the Terms of Service and Acceptable Use Policy to create an account'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept/ })).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the plan the visitor chose as `next`, so the verification link leads back to it', async () => {
    const fetch = answerEveryCall(200, 'Account created.', { email: 'new@example.com' });
    renderWithProviders(<RegisterForm next="/purchase-plan/abc/25" onRegistered={vi.fn()} />);
    await fill(valid);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(fetch.mock.calls[0]![1].body)).toMatchObject({
      next: '/purchase-plan/abc/25',
      acceptTerms: true,
    });
  });

  it('shows a server 400 message in the form', async () => {
    answerEveryCall(400, 'Email is already registered', { error: 'x' });
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await fill(valid);
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is already registered');
  });

  it('puts the fields of a "Validation Error" under their inputs, never the bare text', async () => {
    answerEveryCall(400, 'Validation Error', {
      error: 'Validation Error',
      fields: [
        { path: 'body.username', message: 'Username is taken by a reserved word' },
        { path: 'body.email', message: 'That mail domain is not accepted' },
      ],
    });
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await fill(valid);
    expect(await screen.findByText('That mail domain is not accepted')).toBeInTheDocument();
    expect(screen.getByText('Username is taken by a reserved word')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the contract rules and the repeated password before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await fill({ username: 'ab', email: 'not-an-email', password: 'short', confirm: 'other' });
    expect(screen.getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rates the password as it is typed', async () => {
    renderWithProviders(<RegisterForm onRegistered={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Password'), 'abcdefgh');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: Weak');
    await userEvent.type(screen.getByLabelText('Password'), 'IJ-42!xyz');
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: Strong');
  });
});

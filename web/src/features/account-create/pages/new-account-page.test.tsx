import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import { notify } from '#lib/toast.ts';
import NewAccountPage from './new-account-page.tsx';

// The page navigates away on success, taking any in-page toast container with it: watch the call.
vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));

afterEach(() => vi.unstubAllGlobals());

const created = { id: '44444444-4444-4444-8444-444444444444', email: 'new@example.test', username: 'newbie' };

function renderPage(role: 'Administrator' | 'Manager', reply: Parameters<typeof fakeApi>[0][string]) {
  const fetch = fakeApi({
    'GET /api/v1/auth/me': { payload: testUser({ role, username: role.toLowerCase() }) },
    'POST /api/v1/admin/accounts': reply,
  });
  renderWithProviders(<NewAccountPage />, { route: '/admin/accounts/new', path: '/admin/accounts/new' });
  return fetch;
}

async function typeInto(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}
async function fill(email: string, username: string) {
  await typeInto('Email', email);
  await typeInto('Username', username);
}

describe('NewAccountPage', () => {
  it('lets an Administrator choose the role, then opens the new account and says a link was mailed', async () => {
    const fetch = renderPage('Administrator', { message: 'Account created', payload: created });
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await fill('new@example.test', 'newbie');
    await userEvent.selectOptions(role, 'Support');
    await typeInto('Message to the customer (optional)', 'Hello there');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
    expect(notify).toHaveBeenCalledWith(
      'success',
      'Account created. A link to choose a password was emailed to new@example.test.',
    );
    expect(callsTo(fetch, 'POST /api/v1/admin/accounts')[0]!.body).toEqual({
      email: 'new@example.test',
      username: 'newbie',
      role: 'Support',
      message: 'Hello there',
    });
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(`/admin/accounts/${created.id}`);
  });

  it('shows a Manager the role fixed to User and sends User', async () => {
    const fetch = renderPage('Manager', { message: 'Account created', payload: created });
    expect(await screen.findByTestId('fixed-role')).toHaveTextContent('User (customer)');
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    await fill('new@example.test', 'newbie');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/v1/admin/accounts')).toHaveLength(1));
    expect(callsTo(fetch, 'POST /api/v1/admin/accounts')[0]!.body).toMatchObject({ role: 'User' });
  });

  it('checks the fields before sending and shows a taken email under its field', async () => {
    const fetch = renderPage('Administrator', {
      status: 400,
      message: 'Validation Error',
      payload: { error: 'Validation Error', fields: [{ path: 'body.email', message: 'Email is already registered' }] },
    });
    await screen.findByRole('combobox', { name: 'Role' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(callsTo(fetch, 'POST /api/v1/admin/accounts')).toHaveLength(0);
    await fill('taken@example.test', 'someone');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument();
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildReseller, buildResellerTerms } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import EditResellerPage from './edit-reseller-page.tsx';
import NewResellerPage from './new-reseller-page.tsx';
import ResellersPage from './resellers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '7b0a4c8e-2f6d-4e1a-9c3b-5d8e7f6a1b20';
const reseller = buildReseller({
  id: ID,
  username: 'acme',
  email: 'ops@acme.test',
  balance: 120.5,
  resiprice: 2.5,
  dataprice1: 0.2,
  dataprice30: 2,
  value: 12.5,
  apiKeyPrefix: 'tg_live_AbCdEf',
  apiKeyCreatedAt: '2026-11-20T10:00:00.000Z',
});
const KEY = `tg_live_${'x'.repeat(43)}`;

describe('ResellersPage', () => {
  it('lists resellers with balance, key prefix and a price summary, each linking to its edit page', async () => {
    fakeApi({
      'GET /api/v1/admin/Raccounts': { payload: { items: [reseller], total: 1, page: 1, size: 20 } },
    });
    renderWithProviders(<ResellersPage />, { path: '/admin/reselleracc' });
    const table = await screen.findByRole('table', { name: 'Resellers' });
    expect(within(table).getByRole('link', { name: 'acme' })).toHaveAttribute('href', `/admin/reseller/${ID}/edit`);
    expect(within(table).getByText('$120.50')).toBeInTheDocument();
    expect(within(table).getByText('tg_live_AbCdEf…')).toBeInTheDocument();
    expect(within(table).getByText('Never used')).toBeInTheDocument();
    expect(within(table).getByText('Residential $2.50/GB')).toBeInTheDocument();
    expect(within(table).getByText('Datacenter $0.20 1d · $2.00 30d')).toBeInTheDocument();
    expect(within(table).getByText('12.5% off the rest')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New reseller' })).toHaveAttribute('href', '/admin/reseller/new');
  });
});

describe('NewResellerPage', () => {
  it('sends empty prices as not offered and shows the key once with a copy button', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const fetch = fakeApi({
      'POST /api/v1/admin/reseller': { message: 'Reseller created', payload: { reseller, apiKey: KEY } },
    });
    renderWithProviders(<NewResellerPage />, { path: '/admin/reseller/new' });
    await userEvent.type(screen.getByLabelText('Email'), 'ops@acme.test');
    await userEvent.type(screen.getByLabelText('Username'), 'acme');
    await userEvent.type(screen.getByLabelText('Residential ($/GB)'), '2.5');
    await userEvent.type(screen.getByLabelText('30 days ($/IP)'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create reseller' }));

    expect(await screen.findByTestId('api-key')).toHaveTextContent(KEY);
    expect(screen.getByText(/Copy this key now, it will not be shown again/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith(KEY);
    expect(callsTo(fetch, 'POST /api/v1/admin/reseller')[0]!.body).toEqual({
      email: 'ops@acme.test',
      username: 'acme',
      ...buildResellerTerms({ resiprice: 2.5, dataprice30: 2 }),
    });
  });

  it('shows bad prices and a taken username under their fields', async () => {
    const fetch = fakeApi({
      'POST /api/v1/admin/reseller': {
        status: 400,
        message: 'Validation Error',
        payload: {
          error: 'Validation Error',
          fields: [{ path: 'body.username', message: 'Username is already taken' }],
        },
      },
    });
    renderWithProviders(<NewResellerPage />, { path: '/admin/reseller/new' });
    await userEvent.type(screen.getByLabelText('Email'), 'ops@acme.test');
    await userEvent.type(screen.getByLabelText('Username'), 'acme');
    await userEvent.type(screen.getByLabelText('Mobile ($/GB)'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create reseller' }));
    expect(screen.getByLabelText('Mobile ($/GB)')).toHaveAccessibleDescription('A price cannot be negative');
    expect(callsTo(fetch, 'POST /api/v1/admin/reseller')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Mobile ($/GB)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create reseller' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is already taken'),
    );
  });
});

describe('EditResellerPage', () => {
  it('rotates the key only after confirming and shows the new key once', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/admin/reseller/${ID}`]: { payload: reseller },
      [`POST /api/v1/admin/reseller/${ID}/apikey`]: {
        message: 'API key rotated',
        payload: { reseller: { ...reseller, apiKeyPrefix: 'tg_live_xxxxxx' }, apiKey: KEY },
      },
    });
    renderWithProviders(<EditResellerPage />, {
      path: `/admin/reseller/${ID}/edit`,
      route: '/admin/reseller/:userId/edit',
    });
    expect(await screen.findByText('tg_live_AbCdEf…')).toBeInTheDocument();
    expect(screen.getByLabelText('Residential ($/GB)')).toHaveValue('2.5');
    expect(screen.getByLabelText('Mobile ($/GB)')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const dialog = screen.getByRole('dialog', { name: 'Rotate the API key?' });
    expect(callsTo(fetch, `POST /api/v1/admin/reseller/${ID}/apikey`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    expect(await screen.findByTestId('api-key')).toHaveTextContent(KEY);
    expect(callsTo(fetch, `POST /api/v1/admin/reseller/${ID}/apikey`)).toHaveLength(1);
  });

  it('saves changed terms with a reason and deletes with a required reason', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/admin/reseller/${ID}`]: { payload: reseller },
      [`PATCH /api/v1/admin/reseller/${ID}`]: { message: 'Reseller updated', payload: reseller },
      [`DELETE /api/v1/admin/reseller/${ID}`]: { message: 'Reseller deleted', payload: null },
    });
    const { router } = renderWithProviders(<EditResellerPage />, {
      path: `/admin/reseller/${ID}/edit`,
      route: '/admin/reseller/:userId/edit',
    });
    await userEvent.type(await screen.findByLabelText('Mobile ($/GB)'), '4');
    await userEvent.type(screen.getByLabelText('Reason for the change (optional)'), 'New contract');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetch, `PATCH /api/v1/admin/reseller/${ID}`)).toHaveLength(1));
    expect(callsTo(fetch, `PATCH /api/v1/admin/reseller/${ID}`)[0]!.body).toMatchObject({
      mobileprice: 4,
      resiprice: 2.5,
      reason: 'New contract',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete acme?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reseller' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why (at least 3 characters)');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Contract ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete reseller' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/reselleracc'));
    expect(callsTo(fetch, `DELETE /api/v1/admin/reseller/${ID}`)[0]!.body).toEqual({ reason: 'Contract ended' });
  });

  it('for a programme member, offers to end the membership rather than delete the account', async () => {
    const fetch = fakeApi({
      [`GET /api/v1/admin/reseller/${ID}`]: { payload: { ...reseller, programme: true } },
      [`DELETE /api/v1/admin/reseller/${ID}`]: { message: 'Reseller deleted', payload: null },
    });
    renderWithProviders(<EditResellerPage />, {
      path: `/admin/reseller/${ID}/edit`,
      route: '/admin/reseller/:userId/edit',
    });
    expect(await screen.findByText('End programme membership')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: "End acme's membership?" });
    expect(within(dialog).getByText(/They keep their customer account/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Left the programme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End membership' }));
    await waitFor(() => expect(callsTo(fetch, `DELETE /api/v1/admin/reseller/${ID}`)).toHaveLength(1));
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { answers, application, memberDashboard, standing } from '../test-data.ts';
import ResellerDashboardPage from './reseller-dashboard-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const DASHBOARD = 'GET /api/v1/public/reseller-dashboard';
const APPLY = 'POST /api/v1/public/reseller';
const KEY = 'POST /api/v1/public/reseller-dashboard/apikey';
const SECRET = `tg_live_${'k'.repeat(43)}`;

const render = () => renderWithProviders(<ResellerDashboardPage />, { path: '/dashboard/reseller-dashboard' });

describe('ResellerDashboardPage, not in the programme', () => {
  it('explains the programme, checks the form and sends the answers', async () => {
    const fetch = fakeApi({
      [DASHBOARD]: { payload: standing('none') },
      [APPLY]: { message: 'Reseller application sent', payload: application() },
    });
    render();
    expect(await screen.findByText('What a reseller gets')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'reseller API documentation' })).toHaveAttribute(
      'href',
      '/reseller/purchase',
    );

    const form = screen.getByRole('form', { name: 'Reseller application' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    expect(await within(form).findByText('products: choose at least one product')).toBeInTheDocument();
    expect(within(form).getByLabelText('Company or brand')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, APPLY)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Company or brand'), answers.company);
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Residential' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Static ISP' }));
    await userEvent.selectOptions(within(form).getByLabelText('Monthly volume'), '100-1000');
    await userEvent.selectOptions(within(form).getByLabelText('How you sell'), 'website');
    await userEvent.type(within(form).getByLabelText('About your customers'), answers.message);
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));

    await vi.waitFor(() => expect(callsTo(fetch, APPLY)).toHaveLength(1));
    expect(callsTo(fetch, APPLY)[0]!.body).toEqual({
      resellerRequestFormResponses: { ...answers, website: '', products: ['residential', 'isp'] },
    });
  }, 20_000);

  it('shows the server’s field errors on the fields they name', async () => {
    fakeApi({
      [DASHBOARD]: { payload: standing('none') },
      [APPLY]: {
        status: 400,
        message: 'Validation Error',
        payload: {
          error: 'Validation Error',
          fields: [{ path: 'body.resellerRequestFormResponses.website', message: 'website: a http(s) address' }],
        },
      },
    });
    render();
    const form = await screen.findByRole('form', { name: 'Reseller application' });
    await userEvent.type(within(form).getByLabelText('Company or brand'), answers.company);
    await userEvent.type(within(form).getByLabelText('Website (optional)'), 'https://ok.example');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Mobile' }));
    await userEvent.selectOptions(within(form).getByLabelText('Monthly volume'), 'under-100');
    await userEvent.selectOptions(within(form).getByLabelText('How you sell'), 'bot');
    await userEvent.type(within(form).getByLabelText('About your customers'), answers.message);
    await userEvent.click(within(form).getByRole('button', { name: 'Send application' }));
    expect(await within(form).findByText('website: a http(s) address')).toBeInTheDocument();
    expect(within(form).getByLabelText('Website (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText('Validation Error')).not.toBeInTheDocument();
  }, 20_000);

  it('shows an open application as being reviewed, with its answers and no form', async () => {
    fakeApi({ [DASHBOARD]: { payload: standing('pending', { application: application() }) } });
    render();
    expect(await screen.findByText(/Your application is being reviewed/)).toBeInTheDocument();
    expect(screen.getByText('Proxy Corner')).toBeInTheDocument();
    expect(screen.getByText('Residential, Static ISP')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Reseller application' })).not.toBeInTheDocument();
  });

  it('shows why an application was refused and lets the customer apply again from their answers', async () => {
    fakeApi({
      [DASHBOARD]: {
        payload: standing('rejected', {
          application: application({ status: 'rejected', reason: 'Tell us more about your customers' }),
        }),
      },
    });
    render();
    expect(await screen.findByText(/Reason: Tell us more about your customers/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Reseller application' });
    expect(within(form).getByLabelText('Company or brand')).toHaveValue('Proxy Corner');
    expect(within(form).getByRole('checkbox', { name: 'Static ISP' })).toBeChecked();
  });
});

describe('ResellerDashboardPage, a member', () => {
  it('shows balance, prices, spend, sub-users and the links to sub-users and the docs', async () => {
    fakeApi({ [DASHBOARD]: { payload: standing('approved', { dashboard: memberDashboard() }) } });
    render();
    const figures = await screen.findByLabelText('Your reseller figures');
    expect(within(figures).getByText('$120.50')).toBeInTheDocument();
    expect(within(figures).getByText('40 GB')).toBeInTheDocument();
    expect(within(figures).getByText('$88.20')).toBeInTheDocument();
    expect(within(figures).getByRole('link', { name: 'Top up' })).toHaveAttribute('href', '/topup');
    expect(screen.getByText('$2.50 per GB')).toBeInTheDocument();
    expect(screen.getByText('10 % off the catalogue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage sub-users' })).toHaveAttribute('href', '/subuser-management');
    expect(screen.getByRole('link', { name: 'Reseller API docs' })).toHaveAttribute('href', '/reseller/purchase');
    expect(screen.queryByRole('form', { name: 'Reseller application' })).not.toBeInTheDocument();
  });

  it('creates the key and shows it once, never storing it', async () => {
    let created = false;
    const fetch = fakeApi({
      [DASHBOARD]: () => ({
        payload: standing('approved', {
          dashboard: memberDashboard({
            apiKey: created
              ? { prefix: 'tg_live_kkkkkk', createdAt: '2026-11-28T03:00:00.000Z', lastUsedAt: null }
              : null,
          }),
        }),
      }),
      [KEY]: () => {
        created = true;
        return {
          message: 'API key created',
          payload: {
            apiKey: SECRET,
            status: { prefix: 'tg_live_kkkkkk', createdAt: '2026-11-28T03:00:00.000Z', lastUsedAt: null },
          },
        };
      },
    });
    render();
    expect(await screen.findByText('No key yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('reseller-api-key')).toHaveTextContent(SECRET);
    expect(screen.getByText(/it is not shown again/)).toBeInTheDocument();
    expect(await screen.findByTestId('reseller-key-prefix')).toHaveTextContent('tg_live_kkkkkk…');
    expect(callsTo(fetch, KEY)).toHaveLength(1);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);

    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('reseller-api-key')).not.toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('asks before replacing a key, and replaces it only when confirmed', async () => {
    const fetch = fakeApi({
      [DASHBOARD]: {
        payload: standing('approved', {
          dashboard: memberDashboard({
            apiKey: { prefix: 'tg_live_oldkey', createdAt: '2026-11-01T03:00:00.000Z', lastUsedAt: null },
          }),
        }),
      },
      [KEY]: {
        message: 'API key created',
        payload: {
          apiKey: SECRET,
          status: { prefix: 'tg_live_kkkkkk', createdAt: '2026-11-28T03:00:00.000Z', lastUsedAt: null },
        },
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Replace key' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('The current key stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, KEY)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Replace key' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace key' }));
    expect(await screen.findByTestId('reseller-api-key')).toHaveTextContent(SECRET);
    expect(callsTo(fetch, KEY)).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffResellerApplication } from '@tollgate/contract/reseller/reseller-programme';
import { buildReseller, buildResellerTerms } from '../../../test/builders.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ResellersPage from './resellers-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '3f1c2b9a-6d4e-4f7a-8b2c-1e0d9a8b7c6d';
const open: StaffResellerApplication = {
  id: ID,
  accountId: '9a8b7c6d-1e0d-4f7a-8b2c-3f1c2b9a6d4e',
  username: 'proxyshop',
  email: 'owner@proxyshop.test',
  spent: 312.4,
  status: 'pending',
  answers: {
    company: 'Proxy Shop Ltd',
    website: 'https://proxyshop.test',
    products: ['residential', 'datacenter'],
    monthlyVolume: '1000-10000',
    channel: 'bot',
    message: 'We run a Telegram bot for scrapers, 400 paying users.',
  },
  createdAt: '2026-11-25T09:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
};
const refused: StaffResellerApplication = {
  ...open,
  id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
  username: 'late',
  spent: 0,
  answers: {
    company: 'Late Proxies',
    products: ['ipv6'],
    monthlyVolume: 'under-100',
    channel: 'other',
    message: 'Just starting out, a few friends buy from us.',
  },
  status: 'rejected',
  decidedAt: '2026-11-26T09:00:00.000Z',
  decidedBy: 'admin',
  reason: 'Too little volume yet',
};
const list = (items: StaffResellerApplication[]) => ({ payload: { items, total: items.length, page: 1, size: 20 } });
const page = () => renderWithProviders(<ResellersPage />, { path: '/admin/reselleracc?view=applications' });

describe('ResellersPage applications', () => {
  it('counts the open applications on the tab and lists each with its answers and status', async () => {
    fakeApi({
      'GET /api/v1/admin/reseller-applications': list([open, refused]),
      'GET /api/v1/admin/Raccounts': { payload: { items: [], total: 0, page: 1, size: 20 } },
    });
    page();
    const table = await screen.findByRole('table', { name: 'Reseller applications' });
    expect(within(table).getByText('Proxy Shop Ltd')).toBeInTheDocument();
    expect(within(table).getByText('Bot (Telegram, Discord) · $1,000–10,000 a month')).toBeInTheDocument();
    expect(within(table).getByText('Residential, Datacenter')).toBeInTheDocument();
    expect(within(table).getByText('Paid $312.40 in all')).toBeInTheDocument();
    expect(within(table).getByText(/We run a Telegram bot/)).toBeInTheDocument();
    expect(within(table).getByText('“Too little volume yet”')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Approve proxyshop' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Approve late' })).not.toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Reseller lists' });
    expect(within(tabs).getByRole('link', { name: /Applications/ })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByLabelText('2 open')).toBeInTheDocument();
  });

  it('approves with the terms form, checked before it is sent', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/reseller-applications': list([open]),
      [`POST /api/v1/admin/reseller-applications/${ID}/approve`]: {
        message: 'Application approved',
        payload: { ...open, status: 'approved' },
      },
    });
    page();
    const table = await screen.findByRole('table', { name: 'Reseller applications' });
    await userEvent.click(within(table).getByRole('button', { name: 'Approve proxyshop' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve proxyshop?' });
    await userEvent.type(within(dialog).getByLabelText('Residential ($/GB)'), '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByLabelText('Residential ($/GB)')).toHaveAccessibleDescription(
      'A price cannot be negative',
    );
    expect(callsTo(fetch, `POST /api/v1/admin/reseller-applications/${ID}/approve`)).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Residential ($/GB)'));
    await userEvent.type(within(dialog).getByLabelText('Residential ($/GB)'), '2.25');
    await userEvent.type(within(dialog).getByLabelText('Discount (%)'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, `POST /api/v1/admin/reseller-applications/${ID}/approve`)[0]!.body).toEqual(
      buildResellerTerms({ resiprice: 2.25, value: 5 }),
    );
  });

  it('refuses with a required reason and shows the server’s answer when it was decided meanwhile', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/reseller-applications': list([open]),
      [`POST /api/v1/admin/reseller-applications/${ID}/reject`]: {
        status: 400,
        message: 'This application was already decided',
        payload: { error: 'This application was already decided' },
      },
    });
    page();
    const table = await screen.findByRole('table', { name: 'Reseller applications' });
    await userEvent.click(within(table).getByRole('button', { name: 'Refuse proxyshop' }));
    const dialog = screen.getByRole('dialog', { name: 'Refuse proxyshop?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse application' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription('Say why (at least 3 characters)');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Not enough volume');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse application' }));
    expect(await within(dialog).findByText('This application was already decided')).toBeInTheDocument();
    expect(callsTo(fetch, `POST /api/v1/admin/reseller-applications/${ID}/reject`)[0]!.body).toEqual({
      reason: 'Not enough volume',
    });
  });

  it('marks programme members among the resellers', async () => {
    fakeApi({
      'GET /api/v1/admin/reseller-applications': list([]),
      'GET /api/v1/admin/Raccounts': {
        payload: {
          items: [
            buildReseller({
              id: open.accountId,
              username: 'proxyshop',
              email: 'owner@proxyshop.test',
              balance: 10,
              programme: true,
              resiprice: 2,
            }),
          ],
          total: 1,
          page: 1,
          size: 20,
        },
      },
    });
    renderWithProviders(<ResellersPage />, { path: '/admin/reselleracc' });
    const table = await screen.findByRole('table', { name: 'Resellers' });
    expect(within(table).getByText('Web customer')).toBeInTheDocument();
  });
});

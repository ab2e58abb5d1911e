import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChangeRequestItem } from '@tollgate/contract/admin/change-requests';
import { notify } from '#lib/toast.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ChangeRequestsPage from './change-requests-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const ID = '3f1c2b9a-6d4e-4f7a-8b2c-1e0d9a8b7c6d';
const credit: ChangeRequestItem = {
  id: ID,
  kind: 'balance',
  accountId: '9a8b7c6d-1e0d-4f7a-8b2c-3f1c2b9a6d4e',
  accountUsername: 'acme',
  subscriptionId: null,
  subscriptionLabel: null,
  amount: 750,
  before: 12,
  after: 762,
  reason: 'Refund for the yearly plan',
  status: 'pending',
  requestedBy: '1e0d9a8b-7c6d-4f7a-8b2c-3f1c2b9a6d4e',
  requesterUsername: 'maria',
  decidedBy: null,
  deciderUsername: null,
  decisionReason: null,
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  decidedAt: null,
};
const rejectedGb: ChangeRequestItem = {
  ...credit,
  id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c',
  kind: 'bandwidth',
  subscriptionId: '6b5a4f3e-2d1c-4f8e-9d7c-5e4d3c2b1a09',
  subscriptionLabel: 'Scraper pool',
  amount: 200,
  before: null,
  after: null,
  status: 'rejected',
  decidedBy: '2d1c6b5a-4f3e-4f8e-9d7c-5e4d3c2b1a09',
  deciderUsername: 'root',
  decisionReason: 'Outage already credited',
  decidedAt: new Date().toISOString(),
};
const page = () => renderWithProviders(<ChangeRequestsPage />, { path: '/admin/change-requests' });

async function openAction(name: RegExp, action: string) {
  const user = userEvent.setup();
  // The table's menu (the phone list has its own).
  const buttons = await screen.findAllByRole('button', { name });
  await user.click(buttons.at(-1)!);
  await user.click(await screen.findByRole('menuitem', { name: action }));
  return user;
}

describe('ChangeRequestsPage', () => {
  it('lists each request with its account, requester, amount, before → after, reason, age and status', async () => {
    fakeApi({ 'GET /api/v1/admin/change-requests': { payload: [credit, rejectedGb] } });
    page();
    const table = await screen.findByRole('table', { name: 'Change requests' });
    const [, pendingRow, rejectedRow] = within(table).getAllByRole('row');
    expect(within(pendingRow!).getByRole('link', { name: 'acme' })).toHaveAttribute(
      'href',
      `/admin/accounts/${credit.accountId}`,
    );
    for (const text of [
      'Balance',
      'maria',
      '+$750.00',
      '$12.00 → $762.00',
      'Refund for the yearly plan',
      '3 h',
      'Pending',
    ])
      expect(within(pendingRow!).getByText(text)).toBeInTheDocument();
    for (const text of ['Bandwidth · Scraper pool', '+200 GB', 'Rejected', 'root: Outage already credited'])
      expect(within(rejectedRow!).getByText(text)).toBeInTheDocument();
    expect(screen.getByText(/1 waiting for approval/)).toBeInTheDocument();
  });

  it('approves with a note: posts it, toasts the server’s message, and the row leaves pending', async () => {
    let decided = false;
    const fetch = fakeApi({
      'GET /api/v1/admin/change-requests': () => ({
        payload: [decided ? { ...credit, status: 'approved', before: null, after: null } : credit],
      }),
      [`POST /api/v1/admin/change-requests/${ID}/approve`]: () => {
        decided = true;
        return { message: 'Change approved', payload: { ...credit, status: 'approved' } };
      },
    });
    page();
    const user = await openAction(/Actions for Balance \+\$750\.00 for acme/, 'Approve');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this change?' });
    expect(within(dialog).getByText(/Balance \+\$750\.00 for acme, asked by maria/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Note/), 'Invoice checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, `POST /api/v1/admin/change-requests/${ID}/approve`).map((c) => c.body)).toEqual([
      { reason: 'Invoice checked' },
    ]);
    expect(notify).toHaveBeenCalledWith('success', 'Change approved');
    const table = screen.getByRole('table', { name: 'Change requests' });
    expect(await within(table).findByText('Approved')).toBeInTheDocument();
    expect(within(table).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('asks for a note of at least 3 characters before rejecting and sends nothing until then', async () => {
    const fetch = fakeApi({
      'GET /api/v1/admin/change-requests': { payload: [credit] },
      [`POST /api/v1/admin/change-requests/${ID}/reject`]: { message: 'Change rejected', payload: credit },
    });
    page();
    const user = await openAction(/Actions for Balance/, 'Reject');
    const dialog = await screen.findByRole('dialog', { name: 'Reject this change?' });
    await user.type(within(dialog).getByLabelText('Note'), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    expect(await within(dialog).findByText('Say why (at least 3 characters)')).toBeInTheDocument();
    expect(callsTo(fetch, `POST /api/v1/admin/change-requests/${ID}/reject`)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Note'), 'pe, no invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Reject change' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Change rejected'));
    expect(callsTo(fetch, `POST /api/v1/admin/change-requests/${ID}/reject`)[0]!.body).toEqual({
      reason: 'nope, no invoice',
    });
  });

  it('shows the server’s refusal when the requester tries to approve their own request', async () => {
    const refusal = 'A change needs someone other than its requester to decide it';
    fakeApi({
      'GET /api/v1/admin/change-requests': { payload: [credit] },
      [`POST /api/v1/admin/change-requests/${ID}/approve`]: {
        status: 403,
        message: 'forbidden',
        payload: { error: refusal },
      },
    });
    page();
    const user = await openAction(/Actions for Balance/, 'Approve');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve change' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('error', refusal);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { LedgerItem } from '@tollgate/contract/admin/account-page';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LedgerList } from './money-lists.tsx';

afterEach(() => vi.unstubAllGlobals());

const USER = '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11';
const INVOICE = '7a9b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const CLAIM = '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e';

const item = (overrides: Partial<LedgerItem>): LedgerItem => ({
  id: 1,
  kind: 'purchase',
  amount: -10,
  balanceAfter: 50,
  reference: null,
  invoice: null,
  reason: null,
  actor: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe('LedgerList', () => {
  it('describes each entry in words with its invoice linked, never as a bare id', async () => {
    fakeApi({
      [`GET /api/v1/admin/accounts/${USER}/ledger`]: {
        payload: {
          items: [
            item({ id: 3, kind: 'renewal', reference: INVOICE, invoice: { id: INVOICE, number: 'INV-2026-0042' } }),
            item({ id: 2, kind: 'referral_reward', amount: 2, reference: CLAIM }),
            item({ id: 1, kind: 'staff_adjustment', amount: 60, reason: 'Goodwill credit' }),
          ],
          total: 3,
          page: 1,
          size: 10,
        },
      },
    });
    renderWithProviders(<LedgerList userId={USER} />);
    const table = await screen.findByRole('table', { name: 'Ledger' });
    expect(within(table).getByText('Plan renewal')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Invoice INV-2026-0042' })).toHaveAttribute(
      'href',
      `/admininvoice/${INVOICE}`,
    );
    expect(within(table).getByText('Referral reward')).toBeInTheDocument();
    expect(within(table).getByText('Goodwill credit')).toBeInTheDocument();
    expect(table.textContent).not.toContain(INVOICE);
    expect(table.textContent).not.toContain(CLAIM);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CUSTOMER_ID } from '../test-data.ts';
import { LoyaltyPanel } from './loyalty-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const claim = (over: Record<string, unknown>) => ({
  tierId: 'silver',
  tierName: 'Silver',
  rule: 'lifetime_spend',
  threshold: 1000,
  reward: 25,
  createdAt: '2026-11-20T10:00:00.000Z',
  takenBackAt: null,
  takenBack: 0,
  shortfall: 0,
  ...over,
});

describe('LoyaltyPanel', () => {
  it('shows staff what a refund took back of a claimed tier, and what the balance could not cover', async () => {
    fakeApi({
      [`GET /api/v1/admin/accounts/${CUSTOMER_ID}/loyalty-rewards`]: {
        payload: {
          items: [
            claim({ id: 'c1', takenBackAt: '2026-11-22T10:00:00.000Z', takenBack: 10, shortfall: 15 }),
            claim({ id: 'c2', tierId: 'bronze', tierName: 'Bronze', threshold: 250, reward: 5 }),
          ],
          total: 2,
          page: 1,
          size: 20,
          programme: {
            rule: 'lifetime_spend',
            progress: 400,
            tiers: [],
            stats: { claimable: 0, claimed: 5, claimedCount: 1, nextTier: null },
          },
        },
      },
    });
    renderWithProviders(<LoyaltyPanel userId={CUSTOMER_ID} />);
    // The table (and its narrow-screen cards) say what came back and what is still owed.
    expect((await screen.findAllByText(/\$10\.00 \(\$15\.00 owed\)/)).length).toBeGreaterThan(0);
    const rows = screen.getAllByRole('row').filter((r) => within(r).queryByText('Bronze'));
    expect(rows.length).toBeGreaterThan(0);
    expect(within(rows[0]!).getByText('—')).toBeInTheDocument();
  });
});

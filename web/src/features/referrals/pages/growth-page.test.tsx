import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReferralProgramme } from '@tollgate/contract/growth/referrals';
import type { LoyaltyProgramme } from '@tollgate/contract/growth/loyalty';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import GrowthPage from './growth-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const PROGRAMME: ReferralProgramme = {
  code: 'abc123def456',
  link: 'https://shop.example/register?ref=abc123def456',
  qrCode: 'data:image/png;base64,AAAA',
  rates: { residential: 10, datacenter: 0, isp: 0, ipv6: 0, mobile: 12.5 },
  holdDays: 14,
  stats: {
    signUps: 3,
    refused: 0,
    payingReferrals: 2,
    earned: 12,
    pending: 2,
    claimable: 10,
    claimed: 0,
    reversed: 0,
    owed: 1.5,
  },
  series: [{ month: '2026-11', signUps: 3, earned: 12 }],
  rewards: [
    {
      id: 'r1',
      customer: 'ma***',
      productType: 'residential',
      paid: 100,
      rate: 10,
      amount: 10,
      status: 'claimable',
      earnedAt: '2026-11-01T10:00:00.000Z',
      availableAt: '2026-11-15T10:00:00.000Z',
      claimedAt: null,
      reversedAt: null,
      recovered: 0,
      shortfall: 0,
    },
    {
      id: 'r2',
      customer: '<b>x</b>***',
      productType: 'mobile',
      paid: 16,
      rate: 12.5,
      amount: 2,
      status: 'pending',
      earnedAt: '2026-11-20T10:00:00.000Z',
      availableAt: '2026-12-04T10:00:00.000Z',
      claimedAt: null,
      reversedAt: null,
      recovered: 0,
      shortfall: 0,
    },
  ],
  refusals: [],
};

const LOYALTY: LoyaltyProgramme = {
  rule: 'lifetime_spend',
  progress: 300,
  tiers: [
    {
      id: 'bronze',
      name: 'Bronze',
      threshold: 250,
      reward: 5,
      status: 'claimable',
      remaining: 0,
      claimedAt: null,
      credited: null,
    },
    {
      id: 'silver',
      name: 'Silver',
      threshold: 1000,
      reward: 25,
      status: 'locked',
      remaining: 700,
      claimedAt: null,
      credited: null,
    },
  ],
  stats: {
    claimable: 5,
    claimed: 0,
    claimedCount: 0,
    nextTier: { id: 'silver', name: 'Silver', remaining: 700, reward: 25 },
  },
};

const ME = { 'GET /api/v1/auth/me': { payload: testUser() } };

describe('/referral', () => {
  it('shows the link, QR code, rates and figures; a referral’s name is text, never markup', async () => {
    fakeApi({ ...ME, 'GET /api/v1/public/referral-rewards': { payload: PROGRAMME } });
    const { container } = renderWithProviders(<GrowthPage />, { path: '/referral', route: '/referral/:view?' });
    expect(await screen.findByRole('textbox', { name: 'Link' })).toHaveValue(PROGRAMME.link);
    expect(screen.getByRole('img', { name: 'QR code of your referral link' })).toHaveAttribute('src', PROGRAMME.qrCode);
    expect(screen.getByText('Mobile', { selector: 'dt' }).nextElementSibling).toHaveTextContent('12.5%');
    const figures = screen.getByRole('list', { name: 'Referral figures' });
    expect(within(figures).getByText('$10.00')).toBeInTheDocument();
    expect(screen.getByText(/\$1\.50 of refunded rewards/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Referral rewards' });
    expect(within(table).getByText('<b>x</b>***')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(within(table).getByText('Pending')).toBeInTheDocument();
  });

  it('shows a sign-up refused as the referrer’s own: why and when, beside Sign-ups 0', async () => {
    fakeApi({
      ...ME,
      'GET /api/v1/public/referral-rewards': {
        payload: {
          ...PROGRAMME,
          stats: { ...PROGRAMME.stats, signUps: 0, payingReferrals: 0, refused: 2 },
          rewards: [],
          refusals: [
            { reason: 'same_ip', at: '2026-11-28T09:30:00.000Z' },
            { reason: 'same_mailbox', at: '2026-11-02T18:05:00.000Z' },
          ],
        } satisfies ReferralProgramme,
      },
    });
    renderWithProviders(<GrowthPage />, { path: '/referral', route: '/referral/:view?' });
    const figures = await screen.findByRole('list', { name: 'Referral figures' });
    const signUps = within(figures).getByText('Sign-ups').closest('li')!;
    expect(signUps).toHaveTextContent('Sign-ups02 refused');
    expect(screen.getByRole('heading', { name: 'Refused: 2' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Refused sign-ups' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Same network as youNov 28, 2026/),
      expect.stringMatching(/^Same email address as youNov 2, 2026/),
    ]);
  });

  it('shows no refused list while nothing was refused', async () => {
    fakeApi({ ...ME, 'GET /api/v1/public/referral-rewards': { payload: PROGRAMME } });
    renderWithProviders(<GrowthPage />, { path: '/referral', route: '/referral/:view?' });
    const figures = await screen.findByRole('list', { name: 'Referral figures' });
    expect(within(figures).getByText('Sign-ups').closest('li')).not.toHaveTextContent('refused');
    expect(screen.queryByRole('list', { name: 'Refused sign-ups' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Refused:/)).not.toBeInTheDocument();
  });

  it('claims what is claimable and reads the page and the balance again', async () => {
    const fetch = fakeApi({
      ...ME,
      'GET /api/v1/public/referral-rewards': { payload: PROGRAMME },
      'POST /api/v1/public/referral-rewards/claim': {
        payload: { claimed: 10, setOff: 1.5, credited: 8.5, balance: 8.5 },
      },
    });
    renderWithProviders(<GrowthPage />, { path: '/referral', route: '/referral/:view?' });
    await userEvent.click(await screen.findByRole('button', { name: 'Claim $10.00' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/v1/public/referral-rewards/claim')).toHaveLength(1));
    await waitFor(() => expect(callsTo(fetch, 'GET /api/v1/public/referral-rewards').length).toBeGreaterThan(1));
  });

  it('keeps the claim button off with nothing to claim, and says so when the server refuses', async () => {
    const fetch = fakeApi({
      ...ME,
      'GET /api/v1/public/referral-rewards': { payload: { ...PROGRAMME, stats: { ...PROGRAMME.stats, claimable: 0 } } },
    });
    renderWithProviders(<GrowthPage />, { path: '/referral', route: '/referral/:view?' });
    expect(await screen.findByRole('button', { name: 'Nothing to claim yet' })).toBeDisabled();
    expect(callsTo(fetch, 'POST /api/v1/public/referral-rewards/claim')).toHaveLength(0);
  });
});

describe('/referral/rewards', () => {
  it('shows each tier with its state and what is left to go, and claims the reached ones', async () => {
    const fetch = fakeApi({
      ...ME,
      'GET /api/v1/public/rewards': { payload: LOYALTY },
      'POST /api/v1/public/rewards/claim': {
        payload: { claimed: [{ id: 'bronze', name: 'Bronze', reward: 5 }], credited: 5, balance: 5 },
      },
    });
    renderWithProviders(<GrowthPage />, { path: '/referral/rewards', route: '/referral/:view?' });
    const bronze = await screen.findByTestId('tier-bronze');
    expect(within(bronze).getByText('Claimable')).toBeInTheDocument();
    expect(within(screen.getByTestId('tier-silver')).getByText('$700.00 to go')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Claim $5.00' }));
    await waitFor(() => expect(callsTo(fetch, 'POST /api/v1/public/rewards/claim')).toHaveLength(1));
  });
});

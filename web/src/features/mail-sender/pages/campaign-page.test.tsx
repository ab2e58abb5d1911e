import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Campaign, CampaignRecipient } from '@tollgate/contract/admin/mail-sender';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders, testUser } from '../../../test/render.tsx';
import CampaignPage from './campaign-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => vi.unstubAllGlobals());

const ID = '5d6f1c2a-4e8a-4a63-9a55-0d2b7f6a1c22';

const campaign = (delivered: boolean): Campaign => ({
  id: ID,
  subject: 'Winter prices',
  status: delivered ? 'sent' : 'sending',
  audience: { kind: 'all' },
  progress: { total: 1, queued: delivered ? 0 : 1, sent: delivered ? 1 : 0, failed: 0, skipped: 0 },
  createdBy: { id: '11111111-1111-4111-8111-111111111111', username: 'admin' },
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  startedAt: '2026-11-21T10:00:00.000Z',
  finishedAt: delivered ? '2026-11-21T10:00:05.000Z' : null,
  cancelledAt: null,
  body: 'Prices drop on Monday.',
  reach: null,
});

const recipient = (delivered: boolean): CampaignRecipient => ({
  accountId: '22222222-2222-4222-8222-222222222222',
  username: 'alice',
  email: 'alice@example.com',
  status: delivered ? 'sent' : 'queued',
  attempts: delivered ? 1 : 0,
  error: null,
  sentAt: delivered ? '2026-11-21T10:00:04.000Z' : null,
});

describe('CampaignPage', () => {
  it('shows the recipient as sent once the campaign finishes between two reads, as the progress says', async () => {
    // The server: the mail goes out after the first reads; the next read of the campaign sees it finished.
    let delivered = false;
    let campaignReads = 0;
    fakeApi({
      'GET /api/v1/auth/me': { payload: testUser({ role: 'Administrator' }) },
      [`GET /api/v1/admin/mail-sender/${ID}`]: () => {
        if (++campaignReads > 1) delivered = true;
        return { payload: campaign(delivered) };
      },
      [`GET /api/v1/admin/mail-sender/${ID}/recipients`]: () => ({
        payload: { items: [recipient(delivered)], total: 1, page: 1, size: 25 },
      }),
      'POST /api/v1/admin/mail-sender/preview': { payload: { subject: 'Winter prices', html: '<p>Prices</p>' } },
    });
    renderWithProviders(<CampaignPage />, {
      path: `/admin/mail-sender/${ID}`,
      route: '/admin/mail-sender/:campaignId',
    });
    const table = await screen.findByRole('table', { name: 'Recipients' });
    expect(await within(table).findByText('Queued')).toBeInTheDocument();
    expect(await screen.findByText('1 of 1 sent', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await within(table).findByText('Sent', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(table).queryByText('Queued')).not.toBeInTheDocument();
  }, 10_000);
});

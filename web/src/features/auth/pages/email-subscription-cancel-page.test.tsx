import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import EmailSubscriptionCancelPage from './email-subscription-cancel-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('EmailSubscriptionCancelPage', () => {
  it('explains a link without its token in a sentence and asks the server nothing', async () => {
    const fetch = fakeApi({});
    renderWithProviders(<EmailSubscriptionCancelPage />, { path: '/email-subscription/cancel' });
    expect(await screen.findByRole('heading', { name: 'We could not unsubscribe you' })).toBeInTheDocument();
    expect(screen.getByText(/This unsubscribe link is incomplete: open it again from the email/)).toBeInTheDocument();
    expect(screen.queryByText(/expected string/)).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

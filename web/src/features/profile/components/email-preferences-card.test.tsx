import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders, testUser } from '../../../test/render.tsx';
import { EmailPreferencesCard } from './email-preferences-card.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('EmailPreferencesCard', () => {
  it('shows news off and reminders on, and switches reminders alone', async () => {
    const fetch = vi.fn().mockResolvedValue(
      jsonResponse(200, {
        status: 200,
        message: 'Updated Successfully',
        payload: { subscribed: false, reminders: false },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<EmailPreferencesCard user={testUser()} />);
    expect(screen.getByRole('switch', { name: 'Product news and offers' })).toHaveAttribute('aria-checked', 'false');
    const reminders = screen.getByRole('switch', { name: 'Plan reminders' });
    expect(reminders).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/Receipts, payment and plan-change notices/)).toBeInTheDocument();
    await userEvent.click(reminders);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/public/email-subscription');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(init.body)).toEqual({ reminders: false });
  });
});

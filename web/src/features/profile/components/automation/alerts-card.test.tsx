import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../../test/render.tsx';
import { AlertsCard } from './alerts-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const rule = {
  id: 'a1',
  kind: 'balance_below',
  threshold: 12.5,
  subscriptionId: null,
  planTitle: null,
  email: true,
  webhook: false,
  enabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastFiredAt: null,
};

/** Answers each call by its path: the alerts list, my plans, and whatever the test posts. */
function api(posted: unknown[]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/v1/public/alerts') && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return jsonResponse(200, { status: 200, message: 'Alert created', payload: { ...rule, id: 'a2' } });
    }
    if (url.startsWith('/api/v1/public/alerts'))
      return jsonResponse(200, { status: 200, message: 'Alerts', payload: { items: [rule] } });
    return jsonResponse(200, { status: 200, message: 'Dashboard', payload: { subscriptions: [] } });
  });
}

describe('AlertsCard', () => {
  it('lists my alerts and checks a new threshold against its kind before sending it', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', api(posted));
    renderWithProviders(<AlertsCard />);
    const list = await screen.findByRole('list', { name: 'My alerts' });
    expect(within(list).getByText('Balance falls below $12.50')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'New alert' });
    await userEvent.type(within(form).getByLabelText('Percent of GB used'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Add alert' }));
    expect(await within(form).findByText('Choose a percentage from 1 to 100')).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Percent of GB used'));
    await userEvent.type(within(form).getByLabelText('Percent of GB used'), '80');
    await userEvent.click(within(form).getByLabelText('Webhook (every endpoint below)'));
    await userEvent.click(within(form).getByRole('button', { name: 'Add alert' }));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      kind: 'bandwidth_percent',
      threshold: 80,
      subscriptionId: null,
      email: true,
      webhook: true,
    });
  });
});

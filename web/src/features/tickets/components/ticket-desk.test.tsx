import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildStaffTicket, TICKET_ID } from '../test-data.ts';
import { TicketDesk } from './ticket-desk.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/v1/admin/ticket';
const { values: _values, account: _account, ...summary } = buildStaffTicket({ unread: true });
const api = () =>
  fakeApi({
    [LIST]: { payload: { items: [summary], total: 1, page: 1, size: 20 } },
    'GET /api/v1/admin/ticket-stats': { payload: { open: 4, answered: 2, closed: 9, unread: 4 } },
    'GET /api/v1/admin/ticket-assignees': { payload: { items: [] } },
  });

describe('TicketDesk', () => {
  it.each([
    ['admin', '/admin/tickets', '/admin/accounts'],
    ['support', '/support/tickets', '/support/accounts'],
  ] as const)('links %s’s tickets and customers into its own panel', async (panel, tickets, accounts) => {
    api();
    renderWithProviders(<TicketDesk panel={panel} />, { path: tickets });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(table).getByRole('link', { name: summary.subject })).toHaveAttribute(
      'href',
      `${tickets}/${TICKET_ID}`,
    );
    expect(within(table).getByRole('link', { name: 'customer' })).toHaveAttribute(
      'href',
      `${accounts}/${summary.customer.id}`,
    );
    expect(within(table).getByText('Waiting for staff')).toBeInTheDocument();
  });

  it('shows the working queue by default; the history of closed tickets and everything are filters kept in the URL', async () => {
    const fetch = api();
    const { router } = renderWithProviders(<TicketDesk panel="support" />, { path: '/support/tickets' });
    await screen.findByRole('table', { name: 'Tickets' });
    expect(callsTo(fetch, LIST)[0]!.url.searchParams.has('status')).toBe(false);
    const filter = screen.getByLabelText('Filter by status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Open and answered', 'Open', 'Answered', 'Closed (history)', 'All, closed included']);
    expect(screen.getByTestId('tickets-closed')).toHaveTextContent('9');

    await userEvent.selectOptions(filter, 'closed');
    expect(router.state.location.search).toContain('status=closed');
    await vi.waitFor(() =>
      expect(callsTo(fetch, LIST).some((call) => call.url.searchParams.get('status') === 'closed')).toBe(true),
    );
    await userEvent.selectOptions(filter, 'all');
    await vi.waitFor(() => expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('status')).toBe('all'));
    // The Closed card toggles the history off again: back to the queue.
    await userEvent.click(screen.getByRole('button', { name: /Closed/ }));
    await userEvent.click(screen.getByRole('button', { name: /Closed/ }));
    await vi.waitFor(() => expect(router.state.location.search).not.toContain('status='));
    expect(screen.getByLabelText('Filter by status')).toHaveValue('');
  });
});

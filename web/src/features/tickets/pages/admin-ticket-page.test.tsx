import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { notify } from '#lib/toast.ts';
import { buildStaffTicket, buildValue, TICKET_ID, XSS } from '../test-data.ts';
import AdminTicketPage from './admin-ticket-page.tsx';
import SupportTicketPage from './support-ticket-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => vi.unstubAllGlobals());

const ONE = `GET /api/v1/admin/ticket/${TICKET_ID}`;
const REPLY = 'POST /api/v1/admin/ticket';
const ASSIGN = `PUT /api/v1/admin/ticket/${TICKET_ID}/assignee`;
const STAFF = { id: '5d6e7f80-1111-4222-8333-444455556666', username: 'manager' };
const render = () =>
  renderWithProviders(<AdminTicketPage />, { path: `/admin/tickets/${TICKET_ID}`, route: '/admin/tickets/:ticket' });

describe('AdminTicketPage', () => {
  it('shows the customer beside the conversation, markup in the subject and messages as text', async () => {
    fakeApi({
      [ONE]: { payload: buildStaffTicket({ subject: XSS, values: [buildValue({ body: XSS, authorName: XSS })] }) },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
    });
    const { container } = render();
    expect(await screen.findByTestId('ticket-subject')).toHaveTextContent(XSS);
    expect(screen.getByTestId('message')).toHaveTextContent(XSS);
    expect(container.querySelector('script, img')).toBeNull();
    const account = screen.getByRole('complementary', { name: 'Ticket details' });
    expect(within(account).getByText('$89.90')).toBeInTheDocument();
    expect(within(account).getByText('Residential Rotating')).toBeInTheDocument();
    expect(within(account).getByText('$35.10')).toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Open account page' })).toHaveAttribute(
      'href',
      '/admin/accounts/3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11',
    );
  });

  it('sends a public reply or an internal note, the note written on amber', async () => {
    const fetch = fakeApi({
      [ONE]: { payload: buildStaffTicket() },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
      [REPLY]: { payload: buildStaffTicket() },
    });
    render();
    await userEvent.type(await screen.findByLabelText('Reply to customer', { selector: 'textarea' }), 'Answer');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(callsTo(fetch, REPLY)).toHaveLength(1));
    expect(callsTo(fetch, REPLY)[0]!.body).toEqual({
      ticketId: TICKET_ID,
      message: 'Answer',
      internal: false,
      attachmentIds: [],
    });

    await userEvent.click(screen.getByRole('radio', { name: /Internal note/ }));
    expect(screen.getByRole('form', { name: 'Internal note' }).className).toMatch(/amber/);
    await userEvent.type(screen.getByLabelText('Internal note', { selector: 'textarea' }), 'Old password');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(callsTo(fetch, REPLY)).toHaveLength(2));
    expect(callsTo(fetch, REPLY)[1]!.body).toMatchObject({ message: 'Old password', internal: true });
  });

  it('takes only internal notes once the ticket is closed', async () => {
    const fetch = fakeApi({
      [ONE]: { payload: buildStaffTicket({ status: 'closed', closedAt: '2026-11-24T10:00:00.000Z' }) },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
      [REPLY]: { payload: buildStaffTicket({ status: 'closed' }) },
    });
    render();
    expect(await screen.findByText(/staff can still add internal notes/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Reply to customer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close ticket' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Internal note', { selector: 'textarea' }), 'Refunded by hand');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(callsTo(fetch, REPLY)[0]?.body).toMatchObject({ internal: true }));
  });

  it('assigns the ticket to a staff member', async () => {
    const fetch = fakeApi({
      [ONE]: { payload: buildStaffTicket() },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
      [ASSIGN]: { payload: buildStaffTicket({ assignee: STAFF }) },
    });
    render();
    const select = await screen.findByLabelText('Assignee');
    await screen.findByRole('option', { name: 'manager' });
    await userEvent.selectOptions(select, STAFF.id);
    await waitFor(() => expect(callsTo(fetch, ASSIGN)[0]?.body).toEqual({ assigneeId: STAFF.id }));
    await waitFor(() => expect(screen.getByLabelText('Assignee')).toHaveValue(STAFF.id));
  });
});

const REOPEN = `POST /api/v1/admin/ticket/${TICKET_ID}/reopen`;
const CLOSED = { status: 'closed' as const, closedAt: '2026-11-24T10:00:00.000Z' };
const renderSupport = () =>
  renderWithProviders(<SupportTicketPage />, {
    path: `/support/tickets/${TICKET_ID}`,
    route: '/support/tickets/:ticket',
  });

describe('SupportTicketPage', () => {
  it('shows the customer without money and links into the support panel', async () => {
    const ticket = buildStaffTicket();
    fakeApi({
      [ONE]: { payload: { ...ticket, account: { ...ticket.account, balance: null, recentPayments: null } } },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
    });
    renderSupport();
    const account = await screen.findByRole('complementary', { name: 'Ticket details' });
    expect(within(account).getByText('Residential Rotating')).toBeInTheDocument();
    expect(within(account).queryByText('Balance')).not.toBeInTheDocument();
    expect(within(account).queryByText('Recent payments')).not.toBeInTheDocument();
    expect(within(account).getByRole('link', { name: 'Open account page' })).toHaveAttribute(
      'href',
      '/support/accounts/3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11',
    );
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/support/tickets');
  });

  it('reopens a closed ticket, then offers the public answer again', async () => {
    let closed = true;
    const fetch = fakeApi({
      [ONE]: () => ({ payload: buildStaffTicket(closed ? CLOSED : {}) }),
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
      [REOPEN]: () => {
        closed = false;
        return { message: 'Ticket reopened', payload: buildStaffTicket({ status: 'answered' }) };
      },
    });
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen ticket' }));
    await waitFor(() => expect(callsTo(fetch, REOPEN)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Close ticket' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Reply to customer/ })).toBeInTheDocument();
    expect(notify).toHaveBeenCalledWith('success', 'Ticket reopened');
  });

  it('tells the server’s reason when reopening is refused, and stays closed', async () => {
    fakeApi({
      [ONE]: { payload: buildStaffTicket(CLOSED) },
      'GET /api/v1/admin/ticket-assignees': { payload: { items: [STAFF] } },
      [REOPEN]: { status: 400, message: 'This ticket is not closed', payload: { error: 'This ticket is not closed' } },
    });
    renderSupport();
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen ticket' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'This ticket is not closed'));
    expect(screen.getByRole('button', { name: 'Reopen ticket' })).toBeEnabled();
  });
});

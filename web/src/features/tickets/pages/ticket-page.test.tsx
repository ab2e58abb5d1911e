import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICKET_CLOSE_FAILED, TICKET_CLOSED, TICKET_IS_CLOSED } from '@tollgate/contract/tickets/tickets';
import { notify } from '#lib/toast.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildTicket, buildValue, TICKET_ID, XSS } from '../test-data.ts';
import TicketPage from './ticket-page.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const ONE = `GET /api/v1/public/ticket/${TICKET_ID}`;
const REPLY = `POST /api/v1/public/ticket/${TICKET_ID}`;
const CLOSE = `DELETE /api/v1/public/ticket/${TICKET_ID}`;
const render = () => renderWithProviders(<TicketPage />, { path: `/ticket/${TICKET_ID}`, route: '/ticket/:id' });

describe('TicketPage', () => {
  it('shows the conversation with a subject and message with markup as text, and sends a reply', async () => {
    const ticket = buildTicket({ subject: XSS, values: [buildValue({ body: XSS })] });
    const fetch = fakeApi({
      [ONE]: { payload: ticket },
      [REPLY]: ({ body }) => ({
        payload: { ...ticket, values: [...ticket.values, buildValue({ body: (body as { message: string }).message })] },
      }),
    });
    const { container } = render();
    expect(await screen.findByTestId('ticket-subject')).toHaveTextContent(XSS);
    expect(container.querySelector('script, img')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Write a message')).toBeInTheDocument();
    expect(callsTo(fetch, REPLY)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your reply', { selector: 'textarea' }), 'Still failing');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Still failing')).toBeInTheDocument();
    expect(callsTo(fetch, REPLY)[0]!.body).toEqual({ message: 'Still failing', attachmentIds: [] });
    expect(screen.getByLabelText('Your reply', { selector: 'textarea' })).toHaveValue('');
  });

  it(`closes it with "${TICKET_CLOSED}" and then offers a new ticket instead of a reply`, async () => {
    let closed = false;
    fakeApi({
      [ONE]: () => ({ payload: buildTicket({ status: closed ? 'closed' : 'open' }) }),
      [CLOSE]: () => {
        closed = true;
        return { message: TICKET_CLOSED, payload: null };
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', TICKET_CLOSED));
    expect(await screen.findByText(TICKET_IS_CLOSED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply', { selector: 'textarea' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/ticket?new=1');
  });

  it(`says "${TICKET_CLOSE_FAILED}" when closing fails`, async () => {
    fakeApi({
      [ONE]: { payload: buildTicket() },
      [CLOSE]: { status: 404, message: 'Unknown ticket', payload: { error: 'Unknown ticket' } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', TICKET_CLOSE_FAILED));
  });
});

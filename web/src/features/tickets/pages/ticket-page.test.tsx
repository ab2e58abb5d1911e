import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TICKET_CLOSE_FAILED, TICKET_CLOSED } from '@tollgate/contract/tickets/tickets';
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

  it(`closes it with "${TICKET_CLOSED}" and goes back to the list, without asking for the deleted ticket again`, async () => {
    const fetch = fakeApi({
      [ONE]: { payload: buildTicket() },
      [CLOSE]: { message: TICKET_CLOSED, payload: null },
    });
    const { router, queryClient } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Closing deletes it from your tickets');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', TICKET_CLOSED));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticket'));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/ticket');
    expect(callsTo(fetch, CLOSE)).toHaveLength(1);
    expect(callsTo(fetch, ONE)).toHaveLength(1);
    expect(queryClient.getQueryData(['tickets', 'mine', 'one', TICKET_ID])).toBeUndefined();
  });

  it('says a closed or unknown ticket is gone (an old notification’s link) and offers a new one', async () => {
    fakeApi({ [ONE]: { status: 404, message: 'Not Found', payload: { error: 'Unknown ticket' } } });
    render();
    expect(await screen.findByText('This ticket is closed or does not exist')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New ticket' })).toHaveAttribute('href', '/ticket?new=1');
    expect(screen.getByRole('link', { name: 'All tickets' })).toHaveAttribute('href', '/ticket');
    expect(screen.queryByLabelText('Your reply', { selector: 'textarea' })).not.toBeInTheDocument();
  });

  it('turns into the gone page when staff closed it meanwhile and a reply meets a 404', async () => {
    let closed = false;
    fakeApi({
      [ONE]: () =>
        closed
          ? { status: 404, message: 'Not Found', payload: { error: 'Unknown ticket' } }
          : { payload: buildTicket() },
      [REPLY]: () => {
        closed = true;
        return { status: 404, message: 'Not Found', payload: { error: 'Unknown ticket' } };
      },
    });
    render();
    await userEvent.type(await screen.findByLabelText('Your reply', { selector: 'textarea' }), 'Anyone there?');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This ticket is closed or does not exist')).toBeInTheDocument();
  });

  it(`says "${TICKET_CLOSE_FAILED}" when closing fails`, async () => {
    fakeApi({
      [ONE]: { payload: buildTicket() },
      [CLOSE]: { status: 404, message: 'Unknown ticket', payload: { error: 'Unknown ticket' } },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close ticket' }));
    // The dialog stays open with the spec's message (not the server's) for another try.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(new RegExp(`^${TICKET_CLOSE_FAILED}$`));
    expect(notify).not.toHaveBeenCalledWith('success', TICKET_CLOSED);
  });
});

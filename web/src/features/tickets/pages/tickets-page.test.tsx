import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  TICKET_ATTACHMENT_NOT_IMAGE,
  TICKET_ATTACHMENT_TOO_LARGE,
  TICKET_CREATE_FAILED,
  TICKET_DAILY_LIMIT_MESSAGE,
} from '@tollgate/contract/tickets/tickets';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildTicket, TICKET_ID, XSS } from '../test-data.ts';
import TicketsPage from './tickets-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const LIST = 'GET /api/v1/public/ticket';
const CREATE = 'POST /api/v1/public/ticket';
const UPLOAD = 'POST /api/v1/public/ticket-attachments';
const base = {
  [LIST]: { payload: { items: [buildTicket({ subject: XSS, unread: true })], total: 1, page: 1, size: 10 } },
  'GET /api/v1/public/ticket-stats': { payload: { open: 1, answered: 2, closed: 3, unread: 1 } },
  'GET /api/v1/public/dashboard': { payload: { subscriptions: [] } },
};

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'New ticket' }));
  return screen.getByRole('form', { name: 'New ticket' });
}

describe('TicketsPage', () => {
  it('lists my tickets ten a page with the counts, a subject with markup shown as text', async () => {
    const fetch = fakeApi(base);
    const { container } = renderWithProviders(<TicketsPage />, { path: '/ticket' });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(table).getByRole('link', { name: XSS })).toHaveAttribute('href', `/ticket/${TICKET_ID}`);
    expect(within(table).getByText('New answer')).toBeInTheDocument();
    expect(container.querySelector('script, img')).toBeNull();
    expect(screen.getByTestId('tickets-open')).toHaveTextContent('1');
    expect(screen.getByTestId('tickets-answered')).toHaveTextContent('2');
    expect(callsTo(fetch, LIST)[0]!.url.searchParams.get('size')).toBe('10');

    await userEvent.click(screen.getByRole('button', { name: /Answered/ }));
    await waitFor(() => expect(callsTo(fetch, LIST).at(-1)!.url.searchParams.get('status')).toBe('answered'));
  });

  it('shows nothing of closed tickets: they are deleted for the customer (rule 77)', async () => {
    const fetch = fakeApi(base);
    renderWithProviders(<TicketsPage />, { path: '/ticket?status=closed' });
    await screen.findByRole('table', { name: 'Tickets' });
    expect(screen.queryByTestId('tickets-closed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Closed/ })).not.toBeInTheDocument();
    const filter = screen.getByLabelText('Filter by status');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All statuses', 'Open', 'Answered']);
    // A stale link asking for closed ones lists what the customer has.
    expect(callsTo(fetch, LIST)[0]!.url.searchParams.has('status')).toBe(false);
    expect(screen.getByText(/A ticket you close leaves this list/)).toBeInTheDocument();
  });

  it('says what is missing before sending anything', async () => {
    const fetch = fakeApi(base);
    renderWithProviders(<TicketsPage />, { path: '/ticket' });
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));
    expect(within(form).getByText('Write a subject of at least 3 characters')).toBeInTheDocument();
    expect(within(form).getAllByText('Choose a category')).toHaveLength(2); // the placeholder and the error
    expect(within(form).getByText('Write a message')).toBeInTheDocument();
    expect(within(form).getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetch, CREATE)).toHaveLength(0);
  });

  it.each([
    [429, TICKET_DAILY_LIMIT_MESSAGE, TICKET_DAILY_LIMIT_MESSAGE],
    [500, 'Internal Server Error', TICKET_CREATE_FAILED],
    [403, 'forbidden', TICKET_CREATE_FAILED],
  ])('answers a %i "%s" with "%s"', async (status, message, shown) => {
    fakeApi({ ...base, [CREATE]: { status, message, payload: { error: message } } });
    renderWithProviders(<TicketsPage />, { path: '/ticket' });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Subject'), 'Proxies answer 407');
    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'proxies');
    await userEvent.type(within(form).getByLabelText('Message'), 'Since this morning.');
    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(shown);
  });

  it('opens the ticket with its images and goes to it', async () => {
    const fetch = fakeApi({
      ...base,
      [UPLOAD]: {
        payload: { id: 'b1b1b1b1-0000-4000-8000-000000000001', name: 'shot.png', contentType: 'image/png', size: 3 },
      },
      [CREATE]: { payload: buildTicket() },
    });
    const { router } = renderWithProviders(<TicketsPage />, { path: '/ticket', route: '/ticket' });
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Subject'), 'Proxies answer 407');
    await userEvent.selectOptions(within(form).getByLabelText('Category'), 'proxies');
    await userEvent.type(within(form).getByLabelText('Message'), 'See https://example.com');
    fireEvent.change(screen.getByTestId('attachment-input'), {
      target: { files: [new File(['png'], 'shot.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(screen.queryByText('Uploading')).not.toBeInTheDocument());
    await userEvent.click(within(form).getByRole('button', { name: 'Open ticket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ticket/${TICKET_ID}`));
    expect(callsTo(fetch, UPLOAD)).toHaveLength(1);
    expect(callsTo(fetch, CREATE)[0]!.body).toEqual({
      subject: 'Proxies answer 407',
      category: 'proxies',
      planId: null,
      message: 'See https://example.com',
      attachmentIds: ['b1b1b1b1-0000-4000-8000-000000000001'],
    });
  });

  it('refuses other files than PNG, JPEG or WebP, over 3 MB, or a fourth image, before uploading', async () => {
    const fetch = fakeApi(base);
    renderWithProviders(<TicketsPage />, { path: '/ticket' });
    await openForm();
    const input = screen.getByTestId('attachment-input');
    fireEvent.change(input, { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } });
    expect(screen.getByText(`x.svg: ${TICKET_ATTACHMENT_NOT_IMAGE}`)).toBeInTheDocument();
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText(`big.png: ${TICKET_ATTACHMENT_TOO_LARGE}`)).toBeInTheDocument();
    const four = [1, 2, 3, 4].map((n) => new File(['p'], `${n}.png`, { type: 'image/png' }));
    fireEvent.change(input, { target: { files: four } });
    expect(screen.getByText('At most 3 images a message')).toBeInTheDocument();
    expect(callsTo(fetch, UPLOAD)).toHaveLength(0);
  });
});

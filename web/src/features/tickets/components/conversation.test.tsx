import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { buildValue, TICKET_ID, XSS } from '../test-data.ts';
import { Conversation } from './conversation.tsx';

afterEach(() => vi.unstubAllGlobals());

const PNG = 'iVBORw0KGgo=';
const attachment = {
  id: 'a1a1a1a1-0000-4000-8000-000000000001',
  name: XSS,
  contentType: 'image/png' as const,
  size: 2048,
};

describe('Conversation', () => {
  it('renders a script or an onerror image in a message, a name or an attachment name as text', async () => {
    fakeApi({
      [`GET /api/v1/public/ticket/${TICKET_ID}/attachments/${attachment.id}`]: {
        payload: { ...attachment, data: PNG },
      },
    });
    const { container } = renderWithProviders(
      <Conversation
        scope="customer"
        ticketId={TICKET_ID}
        values={[buildValue({ body: XSS, authorName: XSS, attachments: [attachment] })]}
      />,
    );
    const message = screen.getByTestId('message');
    expect(message).toHaveTextContent(XSS);
    expect(container.querySelector('script')).toBeNull();
    // The only image is the thumbnail, built from the API's bytes, never from the name.
    const image = await screen.findByRole('button', { name: `Open image ${XSS}` });
    const images = [...container.querySelectorAll('img')];
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(images[0]!.getAttribute('onerror')).toBeNull();
    expect(image).toBeInTheDocument();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('refuses to build an image URL from a type the server does not accept', async () => {
    fakeApi({
      [`GET /api/v1/public/ticket/${TICKET_ID}/attachments/${attachment.id}`]: {
        payload: { ...attachment, contentType: 'text/html', data: PNG },
      },
    });
    const { container } = renderWithProviders(
      <Conversation scope="customer" ticketId={TICKET_ID} values={[buildValue({ attachments: [attachment] })]} />,
    );
    // One retry first, as for any failed read.
    expect(await screen.findByLabelText('Image could not be loaded', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('marks internal notes amber and labelled, apart from the replies the customer sees', () => {
    renderWithProviders(
      <Conversation
        scope="staff"
        ticketId={TICKET_ID}
        values={[
          buildValue(),
          buildValue({ author: 'staff', authorName: 'admin', body: 'Old password again', internal: true }),
          buildValue({ author: 'staff', authorName: 'admin', body: 'Copy the new password' }),
        ]}
      />,
    );
    const note = screen.getByRole('article', { name: 'Internal note by admin' });
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(note.className).toMatch(/bg-amber-50/);
    expect(note.className).toMatch(/border-dashed/);
    const reply = screen.getByRole('article', { name: 'Message from admin' });
    expect(reply.className).not.toMatch(/amber/);
    expect(within(reply).queryByText('Internal note')).not.toBeInTheDocument();
  });

  it('shows staff answers to the customer as the support team, and links only http(s)', () => {
    renderWithProviders(
      <Conversation
        scope="customer"
        ticketId={TICKET_ID}
        values={[
          buildValue({
            author: 'staff',
            authorName: 'admin',
            body: 'Docs: https://example.com/docs and javascript:alert(1)',
          }),
        ]}
      />,
    );
    const answer = screen.getByRole('article', { name: 'Message from Support team' });
    expect(within(answer).queryByText('admin')).not.toBeInTheDocument();
    const links = within(answer).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/docs');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  });
});

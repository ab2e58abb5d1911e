import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '#lib/toast.ts';
import { callsTo, fakeApi } from '../../../test/fake-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ALREADY_DELETED, SuggestionsList } from './suggestions-list.tsx';

vi.mock('#lib/toast.ts', () => ({ notify: vi.fn(async () => undefined) }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const LIST = 'GET /api/v1/admin/suggestions';
const ID = '9b2f6c1e-3d4a-4b5c-8d6e-7f8091a2b3c4';
const DELETE = `DELETE /api/v1/admin/suggestions/${ID}`;
const XSS = '<img src=x onerror="window.hacked=1"> please add Brazil';
const suggestion = {
  id: ID,
  suggestion: XSS,
  account: { id: '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11', username: 'dora', email: 'dora@example.test' },
  createdAt: '2026-11-24T09:00:00.000Z',
};
const page = (items: unknown[]) => ({ payload: { items, total: items.length, page: 1, size: 20 } });

/** The row's menu exists twice (phone list and table); the table's is the last. */
async function chooseDelete() {
  const buttons = await screen.findAllByRole('button', { name: 'Actions for the suggestion from dora' });
  await userEvent.click(buttons.at(-1)!);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete this suggestion?' });
}

describe('SuggestionsList', () => {
  it('shows suggestions as text with their customer, linked into the panel', async () => {
    fakeApi({ [LIST]: page([suggestion]) });
    const { container } = renderWithProviders(<SuggestionsList panel="support" />, { path: '/support/suggestions' });
    const table = await screen.findByRole('table', { name: 'Suggestions' });
    expect(within(table).getByText(XSS)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(within(table).getByRole('link', { name: 'dora' })).toHaveAttribute(
      'href',
      '/support/accounts/3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11',
    );
  });

  it('deletes only after confirmation, then reads the list again', async () => {
    let items = [suggestion];
    const fetch = fakeApi({
      [LIST]: () => page(items),
      [DELETE]: () => {
        items = [];
        return { message: 'Suggestion deleted', payload: null };
      },
    });
    renderWithProviders(<SuggestionsList panel="admin" />, { path: '/admin/suggestions' });
    await chooseDelete();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetch, DELETE)).toHaveLength(0);

    const dialog = await chooseDelete();
    expect(dialog).toHaveTextContent('from dora');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete suggestion' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('success', 'Suggestion deleted'));
    expect(callsTo(fetch, DELETE)).toHaveLength(1);
    expect(await screen.findByText('No suggestions')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when deleting fails', async () => {
    fakeApi({
      [LIST]: page([suggestion]),
      [DELETE]: { status: 403, message: 'forbidden', payload: { error: 'forbidden' } },
    });
    renderWithProviders(<SuggestionsList panel="support" />, { path: '/support/suggestions' });
    const dialog = await chooseDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete suggestion' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('forbidden');
    expect(notify).not.toHaveBeenCalled();
  });

  it('says so when another staff member deleted it first', async () => {
    fakeApi({
      [LIST]: page([suggestion]),
      [DELETE]: { status: 404, message: 'Not Found', payload: { error: 'No such suggestion' } },
    });
    renderWithProviders(<SuggestionsList panel="support" />, { path: '/support/suggestions' });
    const dialog = await chooseDelete();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete suggestion' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('info', ALREADY_DELETED));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { ApiKeysCard } from './api-keys-card.tsx';

afterEach(() => vi.unstubAllGlobals());

const existing = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Scraper',
  scope: 'read-only',
  prefix: 'tg_live_Ab3dE9',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = `tg_live_${'x'.repeat(43)}`;

/** Answers by path and method, keeping what the card sent. */
function api(sent: { method: string; url: string; body?: unknown }[], items = [existing]) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({ method, url, ...(init?.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (method === 'POST') {
      const body = JSON.parse(String(init!.body)) as { name: string; scope: string };
      return jsonResponse(200, {
        status: 200,
        message: 'API key created',
        payload: { apiKey: { ...existing, id: 'new', ...body, prefix: 'tg_live_xxxxxx' }, key: SECRET },
      });
    }
    if (method === 'DELETE') return jsonResponse(200, { status: 200, message: 'API key revoked', payload: null });
    return jsonResponse(200, { status: 200, message: 'API keys', payload: { items, max: 10 } });
  });
}

describe('ApiKeysCard', () => {
  it('lists keys by name, scope and prefix, never the key itself', async () => {
    vi.stubGlobal('fetch', api([]));
    renderWithProviders(<ApiKeysCard />);
    const list = await screen.findByRole('list', { name: 'My API keys' });
    expect(within(list).getByText('Scraper')).toBeInTheDocument();
    expect(within(list).getByText('read-only')).toBeInTheDocument();
    expect(within(list).getByText(/tg_live_Ab3dE9…/)).toBeInTheDocument();
    expect(within(list).getByText(/never used/)).toBeInTheDocument();
  });

  it('checks the name, creates a read-write key and shows it once with a copy button', async () => {
    const sent: { method: string; url: string; body?: unknown }[] = [];
    vi.stubGlobal('fetch', api(sent));
    renderWithProviders(<ApiKeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create API key' }));
    const form = screen.getByRole('form', { name: 'New API key' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText('Name the key')).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Name'), 'Router');
    await userEvent.selectOptions(within(form).getByLabelText('Scope'), 'read-write');
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(SECRET);
    expect(sent.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Router', scope: 'read-write' });
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'I saved it' }));
    expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument();
    // Opening the dialog again starts from the form: the key is gone for good.
    await userEvent.click(screen.getByRole('button', { name: 'Create API key' }));
    expect(screen.getByRole('form', { name: 'New API key' })).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('revokes only after confirmation', async () => {
    const sent: { method: string; url: string }[] = [];
    vi.stubGlobal('fetch', api(sent));
    renderWithProviders(<ApiKeysCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Scraper' }));
    expect(sent.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/get 401 from now on/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await vi.waitFor(() => expect(sent.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(sent.find((c) => c.method === 'DELETE')!.url).toBe(`/api/v1/public/api-keys/${existing.id}`);
  });

  it('stops offering new keys at the limit', async () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...existing, id: `k${i}`, name: `Key ${i}` }));
    vi.stubGlobal('fetch', api([], many));
    renderWithProviders(<ApiKeysCard />);
    await screen.findByText('Key 9');
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeDisabled();
    expect(screen.getByText(/10 keys at most/)).toBeInTheDocument();
  });
});

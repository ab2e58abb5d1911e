import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { endpoints } from '@tollgate/contract/endpoints';
import { buildOpenApi } from '@tollgate/contract/openapi';
import ResellerApiPage from './reseller-api-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// The page reads the OpenAPI document the server serves, built from the same contract.
const doc = JSON.parse(JSON.stringify(buildOpenApi(endpoints, { version: 'test' })));

function renderPage(path: string) {
  const router = createMemoryRouter(
    [{ path: '/reseller/*', element: <ResellerApiPage />, loader: () => doc, hydrateFallbackElement: <p>Loading</p> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

const PLAN = '3f1c2b9e-8a41-4c55-9a0e-6f1d2c3b4a5d';
/** A saved file's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('a reseller API documentation page', () => {
  it('shows the method, both credentials, the Idempotency-Key, body fields with bounds and error codes', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage('/reseller/purchase');
    expect(await screen.findByRole('heading', { name: 'Purchase', level: 1 })).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('post')).toBeInTheDocument();
    expect(within(card).getByText('x-api-key: <your API key>')).toBeInTheDocument();
    expect(within(card).getByText('Authorization: Bearer <token>')).toBeInTheDocument();
    expect(within(card).getByText('Idempotency-Key: <unique id of this order>')).toBeInTheDocument();
    const quantity = within(card)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('quantity'));
    expect(quantity).toHaveTextContent('min 1, max 100000');
    expect(
      within(card).getByText(/More than 300 calls a minute with this key; Retry-After says when/),
    ).toBeInTheDocument();
    // Each refusal with the exact message the server sends (rule 139).
    expect(within(card).getByText('Idempotency-Key: already used for a different request')).toBeInTheDocument();
    expect(within(card).getByText('Bearer token required with the API key')).toBeInTheDocument();
    expect(within(card).getByText('Your balance is too low for this payment')).toBeInTheDocument();
    const curl = screen.getByTestId('example-curl');
    expect(curl).toHaveTextContent(`-X POST '${window.location.origin}/api/v1/reseller/purchase'`);
    expect(curl).toHaveTextContent('"country":"US"');
    expect(curl.textContent).toMatch(/Idempotency-Key: [0-9a-f]{32}'/);
    // The typed client beside curl: the call by its name, the same key, credentials from the environment.
    await userEvent.click(screen.getByRole('tab', { name: 'Typed client' }));
    const client = screen.getByTestId('example-client');
    expect(client).toHaveTextContent("import { createClient } from '@tollgate/contract/client';");
    expect(client).toHaveTextContent('tollgate.call("resellerPurchase", {');
    expect(client.textContent).toMatch(/idempotencyKey: "[0-9a-f]{32}"/);
    expect(client).toHaveTextContent('token: process.env.TOLLGATE_TOKEN');
  });

  it('offers the customers’ OpenAPI and a Postman collection made from the same description', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:x'),
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage('/reseller');
    const downloads = await screen.findByRole('group', { name: 'Downloads' });
    await userEvent.click(within(downloads).getByRole('button', { name: /Postman collection/ }));
    await userEvent.click(within(downloads).getByRole('button', { name: /OpenAPI/ }));
    expect(click).toHaveBeenCalledTimes(2);
    const postman = JSON.parse(await textOf(saved[0]!));
    expect(postman.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(postman.item.map((folder: { name: string }) => folder.name)).toContain('Reseller API');
    const openApi = JSON.parse(await textOf(saved[1]!));
    expect(openApi.paths['/api/v1/reseller/purchase'].post.operationId).toBe('resellerPurchase');
    expect(openApi.paths['/api/v1/admin/reseller']).toBeUndefined();
    click.mockRestore();
  });

  // Types a JSON body key by key: over 5 s on a busy machine.
  it(
    'sends the typed key, token, Idempotency-Key and JSON body, and keeps the secrets out of examples and storage',
    { timeout: 20_000 },
    async () => {
      const fetchMock = vi.fn(async () =>
        Response.json({ status: 200, message: 'Plan purchased', payload: { total: 4 } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderPage('/reseller/purchase');
      const form = await screen.findByRole('form', { name: 'Try it' });
      const idempotencyKey = (within(form).getByLabelText('Idempotency-Key') as HTMLInputElement).value;
      expect(idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
      await userEvent.type(within(form).getByLabelText('API key'), 'tg_live_secret');
      await userEvent.type(within(form).getByLabelText('Bearer token'), 'eyJ.token');
      const editor = within(form).getByLabelText('JSON body');
      await userEvent.clear(editor);
      await userEvent.type(editor, `{{"planId":"${PLAN}","quantity":2,"country":"DE"}`);
      expect(screen.getByTestId('example-curl')).toHaveTextContent('"quantity":2');
      await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
      expect(await screen.findByTestId('try-it-status')).toHaveTextContent('200');
      expect(fetchMock).toHaveBeenCalledWith('/api/v1/reseller/purchase', {
        method: 'POST',
        headers: {
          'x-api-key': 'tg_live_secret',
          authorization: 'Bearer eyJ.token',
          'idempotency-key': idempotencyKey,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ planId: PLAN, quantity: 2, country: 'DE' }),
        cache: 'no-store',
      });
      for (const language of ['curl', 'Python', 'Node']) {
        await userEvent.click(screen.getByRole('tab', { name: language }));
        const example = screen.getByRole('region', { name: `${language} example` });
        expect(example).not.toHaveTextContent('tg_live_secret');
        expect(example).not.toHaveTextContent('eyJ.token');
      }
      const stored = JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie;
      expect(stored).not.toContain('tg_live_secret');
      expect(stored).not.toContain('eyJ.token');
    },
  );

  it('fills path parameters and refuses to send a body that is not JSON', async () => {
    const fetchMock = vi.fn(async () => Response.json({ status: 200, message: 'Sub user', payload: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/reseller/sub-users');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const one = cards[2]!;
    expect(within(one).getByTestId('example-curl')).toHaveTextContent('/api/v1/reseller/sub-users/YOUR_ID');
    const form = within(one).getByRole('form', { name: 'Try it' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(within(one).getByText('id: required')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('id'), PLAN);
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/v1/reseller/sub-users/${PLAN}`, {
      method: 'GET',
      headers: {},
      cache: 'no-store',
    });

    const create = within(cards[1]!).getByRole('form', { name: 'Try it' });
    const editor = within(create).getByLabelText('JSON body');
    await userEvent.clear(editor);
    await userEvent.type(editor, '{{ nope');
    await userEvent.click(within(create).getByRole('button', { name: 'Send request' }));
    expect(within(create).getByText('Not valid JSON')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains authentication, idempotency and the per-key limit on the overview, with the one menu', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage('/reseller');
    expect(await screen.findByRole('heading', { name: 'Reseller API', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/At most 300 calls a minute per key/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Calls that charge' })).toHaveTextContent('POST /api/v1/reseller/purchase');
    const menu = screen.getByRole('navigation', { name: 'Reseller API' });
    for (const group of ['Orders', 'Proxies', 'Locations', 'Plan changes', 'Sub-users', 'Account'])
      expect(within(menu).getAllByText(group)[0]).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: /Proxies info/ })).toHaveAttribute('href', '/reseller/generalinfo');
  });
});

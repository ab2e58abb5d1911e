import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import CustomerApiPage from './customer-api-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const operation = {
  summary: 'My plans',
  tags: ['Customer API'],
  'x-roles': ['User'],
  'x-success-message': 'Proxy info',
  'x-rate-limit': { perMinute: 60, per: 'api-key' },
  security: [{ customerApiKey: [] }],
  parameters: [
    { name: 'plan', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
    { name: 'output', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'text'] } },
  ],
  responses: {
    200: { description: 'Proxy info', content: { 'application/json': { schema: { type: 'object' } } } },
    401: { description: 'No API key, or an unknown or revoked one' },
  },
};
const doc = {
  openapi: '3.1.0',
  info: { title: 'Tollgate API', version: '1' },
  paths: { '/api/v1/customer/proxy-info': { get: operation } },
};

function renderPage() {
  const router = createMemoryRouter(
    [{ path: '*', element: <CustomerApiPage />, loader: () => doc, hydrateFallbackElement: <p>Loading</p> }],
    {
      initialEntries: ['/customer-proxy-info'],
    },
  );
  render(<RouterProvider router={router} />);
}

describe('a Customer API documentation page', () => {
  it('shows the call, its key header and error codes, and examples that follow "try it"', async () => {
    vi.stubGlobal('fetch', vi.fn());
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Proxy info', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('x-api-key: <your API key>')).toBeInTheDocument();
    expect(screen.getByText('No API key, or an unknown or revoked one')).toBeInTheDocument();
    const curl = screen.getByTestId('example-curl');
    expect(curl).toHaveTextContent('proxy-info?plan=YOUR_PLAN');
    await userEvent.type(screen.getByLabelText('plan'), 'abc');
    expect(curl).toHaveTextContent('proxy-info?plan=abc');
    await userEvent.click(screen.getByRole('tab', { name: 'Python' }));
    expect(screen.getByTestId('example-python')).toHaveTextContent('os.environ["TOLLGATE_API_KEY"]');
  });

  it('calls the live API with the pasted key in the header and keeps the key nowhere else', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ status: 200, message: 'Proxy info', payload: { plans: [{ id: 'abc' }] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Try it' });
    await userEvent.type(within(form).getByLabelText('API key'), 'tg_live_secret');
    await userEvent.type(within(form).getByLabelText('plan'), 'abc');
    await userEvent.click(within(form).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('try-it-status')).toHaveTextContent('200');
    expect(screen.getByTestId('try-it-response')).toHaveTextContent('"id": "abc"');
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/customer/proxy-info?plan=abc', {
      method: 'GET',
      headers: { 'x-api-key': 'tg_live_secret' },
      cache: 'no-store',
    });
    expect(screen.getByTestId('example-curl')).not.toHaveTextContent('tg_live_secret');
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('tg_live_secret');
  });
});

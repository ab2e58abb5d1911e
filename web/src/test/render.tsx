import { StrictMode, type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '#lib/query-client.ts';

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

/**
 * Renders UI inside a fresh query cache and a memory router (jsdom tests only). `route` is the
 * pattern the UI is mounted at (for useParams); any other path shows where navigation went.
 */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = '*', strict = false }: { path?: string; route?: string; strict?: boolean } = {},
) {
  const queryClient = createQueryClient();
  const routes = [{ path: route, element: ui }];
  if (route !== '*') routes.push({ path: '*', element: <Elsewhere /> });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const tree = (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, router, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A complete CurrentUser for tests; override what the test is about. */
export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: '3f1c2a4e-8a57-4a63-9a55-0d2b7f6a1c11',
    username: 'customer',
    email: 'customer@tollgate.local',
    role: 'User' as const,
    balance: 0,
    reseller: 0 as const,
    manager: false,
    support: false,
    emailVerified: true,
    twoFactorEnabled: false,
    avatarUrl: null,
    balancePaymentProcessorEnabled: true,
    stripePaymentProcessorEnabled: true,
    cryptoPaymentProcessorEnabled: true,
    stripeLimit: 1000,
    hasPassword: true,
    googleLinked: false,
    emailSubscribed: false,
    emailReminders: true,
    staffMessage: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

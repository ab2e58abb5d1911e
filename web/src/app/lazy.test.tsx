import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CHUNK_ERROR_MESSAGE, CHUNK_TIMEOUT_MS, lazyRoute, withChunkTimeout } from './lazy.ts';
import { RouteError } from './route-error.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('withChunkTimeout', () => {
  it('rejects with "Loading chunk failed" when a chunk has not loaded after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(() => new Promise(() => {}));
    const assertion = expect(pending).rejects.toThrow(CHUNK_ERROR_MESSAGE);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('turns a failed dynamic import into "Loading chunk failed"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
    ).rejects.toThrow(CHUNK_ERROR_MESSAGE);
  });

  it('passes a loaded module through', async () => {
    await expect(withChunkTimeout(() => Promise.resolve({ default: 1 }))).resolves.toEqual({ default: 1 });
  });
});

describe('route error boundary', () => {
  function renderRoute(load: Parameters<typeof lazyRoute>[0]) {
    const router = createMemoryRouter([{ path: '/', lazy: lazyRoute(load), errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
  }

  it('shows "Loading chunk failed" with a Reload button when a route module cannot load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows a friendly message for other errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoute(async () => ({
      default: () => {
        throw new Error('boom');
      },
    }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });
});

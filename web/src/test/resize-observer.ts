import { vi } from 'vitest';

/** recharts sizes its charts with ResizeObserver, which jsdom lacks; undone by `vi.unstubAllGlobals()`. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

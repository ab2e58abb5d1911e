import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

export const CHUNK_ERROR_MESSAGE = 'Loading chunk failed';
/** Spec §8: a script that has not loaded after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(CHUNK_ERROR_MESSAGE, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Any failure to fetch a lazy module (network, stale deploy, timeout) becomes one ChunkLoadError. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        console.error(error);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

export interface RouteModule {
  default: ComponentType;
  loader?: LoaderFunction;
}

/** A `lazy` for route objects: the module's default export is the screen, `loader` is optional. */
export function lazyRoute(load: () => Promise<RouteModule>) {
  return async () => {
    const module = await withChunkTimeout(load);
    return module.loader ? { Component: module.default, loader: module.loader } : { Component: module.default };
  };
}

/**
 * Vite reports failed preloads of a lazy chunk's dependencies (JS or CSS) with this event. We let
 * the import reject so withChunkTimeout turns it into the 'Loading chunk failed' screen.
 */
export function watchPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    console.error(CHUNK_ERROR_MESSAGE, (event as Event & { payload?: unknown }).payload);
  });
}

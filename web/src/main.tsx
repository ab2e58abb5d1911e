import { applyTheme } from '#lib/theme.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '#lib/api-client.ts';
import { watchPreloadErrors } from '#app/lazy.ts';
import { AppProvider } from '#app/provider.tsx';
import { createRouter } from '#app/router.tsx';
import './index.css';

// Before anything renders, so a dark-theme visitor never sees a light flash.
applyTheme();
watchPreloadErrors();
// Only a visit that came through a link (ADR 036) loads the few lines that report it.
if (document.referrer || location.search) void import('#lib/visit.ts');

const router = createRouter();
configureApiClient({ navigate: (to) => router.navigate(to) });

const app = (
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>
);
const container = document.getElementById('root')!;
if (container.firstChild) {
  // A prerendered page (scripts/prerender.mjs): hydrate once the route modules and loaders are in,
  // so the first render is the page the HTML shows, not the loading fallback. As a transition the
  // hydration yields to the browser every few milliseconds instead of holding the main thread for the
  // whole tree (the page is already painted and readable; a click during it is replayed after).
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  if (router.state.initialized) hydrate();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      hydrate();
    });
  }
} else {
  createRoot(container).render(app);
}

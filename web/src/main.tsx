import { applyTheme } from '#lib/theme.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { configureApiClient } from '#lib/api-client.ts';
import { watchPreloadErrors } from '#app/lazy.ts';
import { AppProvider } from '#app/provider.tsx';
import { createRouter } from '#app/router.tsx';
import './index.css';

// Before anything renders, so a dark-theme visitor never sees a light flash.
applyTheme();
watchPreloadErrors();

const router = createRouter();
configureApiClient({ navigate: (to) => router.navigate(to) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

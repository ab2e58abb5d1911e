/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';

const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// The API server the dev and preview servers forward to; e2e screenshots point it elsewhere.
const api = process.env.TOLLGATE_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: { '/api': api, '/dev': api },
  },
  preview: {
    proxy: { '/api': api, '/dev': api },
  },
  resolve: {
    // react-router resolves to its development build under every bundler condition; the
    // production build drops dev-only warnings and checks from the shipped bundle.
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    manifest: true,
    // Budgets are measured on gzipped output (DESIGN §9); the default warning is about raw size.
    chunkSizeWarningLimit: 400,
    // Shared chunks under 4 kB (an icon, a button) are copied into the chunks that use them: a cold
    // /dashboard loaded 60 such files over six HTTP/1.1 connections, now about 20 (ADR 020).
    // Groups (issue 38, at most 20 requests a page): what the entry needs is one chunk, and what every signed-in
    // page needs is four (the contract's customer schemas with zod, TanStack Query, the shell), and the dialogs
    // and tables of most staff and account screens one more (ui, with Radix), where rolldown made one per shared
    // module: /my-profile loaded 29 scripts, now 10; the public entry stays as it was (116.8 kB).
    // The query, shell and ui groups leave their dependencies to rolldown, so the public layouts, which share a
    // logo or a button with them, do not load the signed-in chunks.
    // The prerender's SSR build (scripts/prerender.mjs) keeps its entry's exports and its chunks as they are.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 4096 },
              groups: [
                { name: 'entry', tags: ['$initial'], priority: 5 },
                { name: 'contract', test: /contract[\\/]src[\\/](?!admin[\\/])(?!.*staff)/, priority: 4 },
                { name: 'contract-staff', test: /contract[\\/]src[\\/]/, priority: 3 },
                {
                  name: 'query',
                  test: /node_modules[\\/]@tanstack[\\/]|web[\\/]src[\\/](app[\\/]query-layout|lib[\\/]query-client)/,
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'shell',
                  test: /web[\\/]src[\\/](lib[\\/]growth-paths|app[\\/]layouts[\\/](shell[\\/]|staff-notice|(customer|admin|support|reseller)-layout)|features[\\/]notifications[\\/])/,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'ui',
                  test: /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|aria-hidden|tslib)[\\/]|web[\\/]src[\\/]components[\\/]ui[\\/](action-|data-table|dialog|pagination|use-confirm)/,
                  priority: 1,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
}));

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
    // The prerender's SSR build (scripts/prerender.mjs) keeps its entry's exports and its chunks as they are.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } } },
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

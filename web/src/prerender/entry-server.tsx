/**
 * Build-time rendering of the public pages (scripts/prerender.mjs runs this after `vite build`), so
 * crawlers and first paint get real HTML without running JavaScript. Same routes and components as
 * the browser; data a page fetches from the API is either shipped with the build (the legal texts'
 * defaults) or left to the browser (landing data, prices), whose parts render their static shell.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LEGAL_TITLES, type LegalDocumentName } from '@tollgate/contract/general/legal';
import { GUIDES, guidePath } from '@tollgate/contract/general/guides';
// The shop's shipped texts, which the API serves until an operator edits them (the server then
// stops serving the prerendered page, so it never shows a stale text).
import { DEFAULT_LEGAL_TEXTS } from '@tollgate/contract/general/legal-defaults';
import { PUBLIC_PAGES } from '@tollgate/contract/general/public-pages';
import { AppProvider } from '#app/provider.tsx';
import { routes } from '#app/router.tsx';
import { routePatterns } from '#app/route-patterns.ts';
import { staffRoutes } from '#app/staff-routes.tsx';
import { collectedHead, HOME_HEAD, type HeadMeta } from '#lib/head.ts';

export { headTags } from '#lib/head.ts';

/** Every path the app shows a page for; the server answers any other page path with 404. */
export const ROUTE_PATTERNS = routePatterns(routes, staffRoutes);

export const PRERENDERED_PAGES = [...PUBLIC_PAGES, ...GUIDES.map((guide) => guidePath(guide.slug))];

const json = (payload: unknown) =>
  new Response(JSON.stringify({ status: 200, message: 'Legal document', payload }), {
    headers: { 'content-type': 'application/json' },
  });

/** The API as the build sees it: legal texts answer with their defaults, everything else never answers. */
function buildTimeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
  const legal = /^\/api\/v1\/legal\/([a-z-]+)$/.exec(url);
  const document = legal?.[1] as LegalDocumentName | undefined;
  if (document && document in DEFAULT_LEGAL_TEXTS) {
    return Promise.resolve(
      json({
        document,
        title: LEGAL_TITLES[document],
        body: DEFAULT_LEGAL_TEXTS[document],
        version: 1,
        updatedAt: null,
      }),
    );
  }
  return new Promise(() => {});
}

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** One page's HTML (the inside of #root) and its head. */
export async function render(path: string): Promise<{ html: string; head: HeadMeta; status: number }> {
  globalThis.fetch = buildTimeFetch as typeof fetch;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const controller = new AbortController();
  // Nothing should wait: parts that need the API render their loading state (lib/hydration.ts).
  const timer = setTimeout(() => controller.abort(), 5000);
  collectedHead.take();
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // One document, every boundary inline: no reveal scripts (CSP) and nothing left to stream.
    { signal: controller.signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: () => {} },
  );
  clearTimeout(timer);
  const html = await streamToString(prelude);
  // A boundary left to the browser (`<!--$!-->`) or an inline script would be a hydration error or a
  // CSP violation in the browser: fail the build instead.
  if (/<!--\$!-->|<script|<template/.test(html)) throw new Error(`${path} did not render completely at build time`);
  return { html, head: collectedHead.take() ?? HOME_HEAD, status: context.statusCode };
}

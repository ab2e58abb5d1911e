// After `vite build`: renders the public pages with the SSR build of src/prerender/entry-server.tsx
// into dist/prerender/<path>/index.html, each with its own title, description, canonical URL and
// Open Graph tags. The server fills in its public origin (__PUBLIC_ORIGIN__) and serves these files
// before the SPA fallback (server/src/platform/http/public-site.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.join(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, 'dist-ssr');
const ORIGIN = '__PUBLIC_ORIGIN__';

const { render, headTags, PRERENDERED_PAGES, ROUTE_PATTERNS } = await import(
  pathToFileURL(path.join(ssrDir, 'entry-server.js')).href
);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

const escape = (text) =>
  String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function page(html, head) {
  const tags = headTags(head, ORIGIN)
    .map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escape(content)}" />`)
    .join('\n    ');
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escape(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*\/>/s, '')
    .replace('</head>', `  ${tags}\n    <link rel="canonical" href="${ORIGIN}${head.path}" />\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  if (out === template || !out.includes(head.title)) throw new Error(`could not fill the template for ${head.path}`);
  return out;
}

rmSync(path.join(dist, 'prerender'), { recursive: true, force: true });
const pages = [];
for (const route of PRERENDERED_PAGES) {
  const { html, head, status } = await render(route);
  if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
  const file = path.join(dist, 'prerender', route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page(html, { ...head, path: route }));
  pages.push(route);
}
writeFileSync(path.join(dist, 'prerender', 'manifest.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
// The router's own paths, for the server's 404 (server/src/platform/http/spa.ts); not served as a file.
writeFileSync(
  path.join(dist, 'prerender', 'routes.json'),
  `${JSON.stringify({ patterns: ROUTE_PATTERNS }, null, 2)}\n`,
);
rmSync(ssrDir, { recursive: true, force: true });
console.log(`prerendered ${pages.length} pages into dist/prerender`);

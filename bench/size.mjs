// `npm run size`: gzipped JS and CSS that the public home page loads: what index.html references
// plus the lazy route modules of `/` (public layout and home page) with their static imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_JS = 120 * 1024;
const HOME_ROUTE_MODULES = ['src/app/layouts/public-layout.tsx', 'src/features/site/pages/home-page.tsx'];

const dist = path.join(import.meta.dirname, '../web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest; update HOME_ROUTE_MODULES`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
HOME_ROUTE_MODULES.forEach(visit);

let js = 0;
let css = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  if (file.endsWith('.js')) js += size;
  else css += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB  /${file}`);
}
console.log(
  `\nPublic home (/): JS ${(js / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_JS / 1024} kB), CSS ${(css / 1024).toFixed(1)} kB gzipped`,
);
if (js > BUDGET_JS) {
  console.error('FAIL: the public entry is over its JS budget');
  process.exitCode = 1;
}

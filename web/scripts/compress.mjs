// After the build: a Brotli and a gzip copy next to every text asset, which the server sends to
// browsers that accept them (@fastify/static `preCompressed`): the 120 kB budget is measured gzipped,
// and that is what a visitor should download. Made once here, at the best ratio, never per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.join(import.meta.dirname, '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      // The prerendered pages are compressed by the server after it fills in its origin.
      if (name !== 'prerender') yield* files(file);
    } else if (TEXT.test(name)) yield file;
  }
}

let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  brotli += br.length;
}
console.log(`compressed ${(raw / 1024).toFixed(0)} kB of assets to ${(brotli / 1024).toFixed(0)} kB (Brotli)`);

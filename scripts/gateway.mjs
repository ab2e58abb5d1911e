// `npm run gateway`: a proxy gateway node on its own (production gateway machines).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'server/src/gateway-main.ts'));

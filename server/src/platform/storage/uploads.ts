import { createReadStream } from 'node:fs';
import { randomSuffix } from '../random';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const TYPES_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

/** The image type the bytes say, whatever the file name or the browser claimed. SVG is never one. */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The folders under DATA_DIR/uploads: avatars, and the blog's banners and author pictures. */
export const UPLOAD_FOLDERS = ['avatars', 'blog'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
const OURS = /^\/uploads\/(avatars|blog)\/([\w.-]+)$/;

/** A random 6-character suffix (spec §9) keeps generated names from ever colliding. */

/** Files people upload, kept in DATA_DIR/uploads under names the server chooses. */
export function createUploads(dataDir: string) {
  const root = path.join(dataDir, 'uploads');
  return {
    async save(folder: UploadFolder, bytes: Buffer, type: string, prefix: string): Promise<string> {
      const ext = EXTENSIONS[type];
      if (!ext) throw new Error(`Unsupported upload type ${type}`);
      const name = `${prefix}-${Date.now().toString(36)}-${randomSuffix()}.${ext}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, folder, name), bytes);
      return `/uploads/${folder}/${name}`;
    },
    /** Only files of ours (a /uploads/... URL this server made) can be removed. */
    async remove(url: string | null): Promise<void> {
      const match = url ? OURS.exec(url) : null;
      if (match) await rm(path.join(root, match[1]!, match[2]!), { force: true });
    },
    install(app: FastifyInstance) {
      app.get<{ Params: { folder: string; name: string } }>('/uploads/:folder/:name', async (request, reply) => {
        const { folder, name } = request.params;
        const type = TYPES_BY_EXTENSION[path.extname(name).slice(1)];
        if (!(UPLOAD_FOLDERS as readonly string[]).includes(folder) || !/^[\w.-]+$/.test(name) || !type)
          return reply.callNotFound();
        const file = path.join(root, folder, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return reply.callNotFound();
        return reply
          .type(type)
          .header('content-length', info.size)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(createReadStream(file));
      });
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;

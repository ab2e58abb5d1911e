import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './mail-message';

export interface StoredMail extends MailMessage {
  id: string;
  sentAt: string;
  links: string[];
}

/** Every URL a person could follow from the mail, in order, without duplicates. */
export function linksIn(message: Pick<MailMessage, 'text' | 'html'>): string[] {
  const found = [
    ...[...message.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
    ...[...message.text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]),
  ];
  return [...new Set(found.filter((l) => /^https?:\/\//.test(l)))];
}

/** Without SMTP, mail lands as JSON files in DATA_DIR/outbox: readable by people and tests. */
export function createOutbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  return {
    async save(message: MailMessage): Promise<StoredMail> {
      await mkdir(dir, { recursive: true });
      const sentAt = new Date();
      const id = `${sentAt.getTime()}-${randomUUID().slice(0, 8)}`;
      const stored: StoredMail = { ...message, id, sentAt: sentAt.toISOString(), links: linksIn(message) };
      // Written aside, then renamed: a crash mid-write leaves no half mail, as a mail server keeps none.
      const file = path.join(dir, `${id}.json`);
      await writeFile(`${file}.partial`, JSON.stringify(stored, null, 2));
      await rename(`${file}.partial`, file);
      return stored;
    },
    /** Newest first. */
    async list(limit = 100): Promise<StoredMail[]> {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
      } catch {
        return [];
      }
      names.sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
      return Promise.all(
        names.slice(0, limit).map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as StoredMail),
      );
    },
    async get(id: string): Promise<StoredMail | null> {
      if (!/^[\w-]+$/.test(id)) return null;
      try {
        return JSON.parse(await readFile(path.join(dir, `${id}.json`), 'utf8')) as StoredMail;
      } catch {
        return null;
      }
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

import { createHmac } from 'node:crypto';
import type { TestServer } from './harness';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers: Record<string, string>;
}

/** The mail a person would read, from the dev mailbox the server exposes outside production. */
export async function mailsTo(server: TestServer, to: string): Promise<Mail[]> {
  // Some mail goes out just after the answer (forgot-password, resend); wait for that work first.
  await server.app.afterAnswer.settled();
  const res = await fetch(`${server.url}/dev/mailbox.json`);
  const all = (await res.json()) as Mail[];
  return all.filter((m) => m.to === to);
}

export async function linkFrom(server: TestServer, to: string, pathPart: string): Promise<string> {
  const [mail] = (await mailsTo(server, to)).filter((m) => m.links.some((l) => l.includes(pathPart)));
  const link = mail?.links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No mail to ${to} with a ${pathPart} link`);
  return link;
}

export const tokenIn = (link: string) => link.split('/').pop()!.split('?')[0]!;

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of input.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 (SHA-1, 6 digits, 30 s), written independently of the server's library, as an app would. */
export function totpCode(secret: string, step = Math.floor(Date.now() / 30_000)): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}
export const currentStep = () => Math.floor(Date.now() / 30_000);

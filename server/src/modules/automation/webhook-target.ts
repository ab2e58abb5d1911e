import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { forbiddenRange, isLoopbackName } from '@tollgate/gateway/special-purpose';
import { WEBHOOK_TIMEOUT_MS } from '@tollgate/contract/automation/webhooks';
import { badRequest } from '#platform/http/errors.ts';

/**
 * Where customers' webhooks may point (ADR 034, after ADR 010's egress rules). A webhook is a
 * request our servers make to an address a customer chose, so in production it must be https and
 * a public address: the name is resolved once, every answer checked, and the request connects to
 * exactly the address that passed (no second lookup, no rebinding). Outside production, http and
 * loopback are allowed so a developer can point it at a local receiver.
 */
export interface TargetPolicy {
  /** False in production: only https, only public addresses. */
  allowPrivate: boolean;
}

export const HTTPS_ONLY = 'Use an https:// address';
export const NOT_PUBLIC = 'This address is not reachable from the internet';

/** Checked when a customer saves the address; the address it names is checked again on every send. */
export function assertSavableUrl(value: string, policy: TargetPolicy) {
  const url = new URL(value);
  if (policy.allowPrivate) return;
  if (url.protocol !== 'https:') throw badRequest(HTTPS_ONLY);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Every send to such a name is refused (it resolves to loopback), so it is refused here already.
  if (isLoopbackName(host)) throw badRequest(`${NOT_PUBLIC}: ${host} is a name for this server itself`);
  if (net.isIP(host) && forbiddenRange(host)) throw badRequest(NOT_PUBLIC);
}

type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

export async function resolveTarget(url: URL, policy: TargetPolicy): Promise<Resolved> {
  if (!policy.allowPrivate && url.protocol !== 'https:') return { ok: false, reason: HTTPS_ONLY };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: { address: string; family: number }[];
  try {
    answers = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host, { all: true });
  } catch {
    return { ok: false, reason: `Could not resolve ${host}` };
  }
  for (const answer of answers) {
    const refused = policy.allowPrivate ? null : forbiddenRange(answer.address);
    if (!refused) return { ok: true, address: answer.address, family: answer.family === 6 ? 6 : 4 };
  }
  return { ok: false, reason: `${NOT_PUBLIC} (${host})` };
}

export interface PostResult {
  /** The HTTP status; null when no answer came. */
  status: number | null;
  /** The start of the answer, or why there was none. */
  excerpt: string;
}

const EXCERPT = 500;
// eslint-disable-next-line no-control-regex -- answers are shown in the customer's log: no control characters.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
export const excerptOf = (text: string) => text.replace(CONTROL, '').slice(0, EXCERPT);

/** POSTs to the checked address only; redirects are not followed; at most 10 s and 4 kB of answer. */
export async function postTo(
  url: URL,
  target: { address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
): Promise<PostResult> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: (_host, options, callback) => {
          // Node asks for all addresses when it may race families; either way it gets the checked one.
          if ((options as { all?: boolean }).all) callback(null, [{ address: target.address, family: target.family }]);
          else (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family);
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
          if (size >= 4096) response.destroy();
        });
        const finish = () =>
          done({ status: response.statusCode ?? null, excerpt: excerptOf(Buffer.concat(chunks).toString('utf8')) });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, excerpt: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` });
    }, WEBHOOK_TIMEOUT_MS);
    request.on('error', (error) => done({ status: null, excerpt: excerptOf(`Could not connect: ${error.message}`) }));
    request.end(body);
  });
}

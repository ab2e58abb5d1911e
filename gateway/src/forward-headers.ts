/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) and the proxy's own: they describe one connection, never
 * the request, so they are not passed on. Proxy-Authorization carries the customer's password.
 * Transfer-Encoding goes too: Node frames each side's body itself. Expect was answered already.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/** The header names a Connection header lists are hop-by-hop for that message too. */
function connectionListed(raw: readonly string[]): Set<string> | null {
  let listed: Set<string> | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length !== 10 && name.length !== 16) continue;
    const lower = name.toLowerCase();
    if (lower !== 'connection' && lower !== 'proxy-connection') continue;
    for (const token of raw[i + 1]!.split(',')) {
      const t = token.trim().toLowerCase();
      if (t) (listed ??= new Set()).add(t);
    }
  }
  return listed;
}

/**
 * The end-to-end headers of a message as a flat [name, value, ...] list in their received order
 * and case (so repeated Set-Cookie lines stay apart), without hop-by-hop ones and without `host`
 * when `dropHost` (the proxy sets Host from the request target, RFC 9112 §3.2.2).
 */
export function endToEnd(raw: readonly string[], dropHost: boolean): string[] {
  const listed = connectionListed(raw);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed?.has(lower) || (dropHost && lower === 'host')) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

/** An absolute-form request target `http://authority/path?query`, split without rewriting the path. */
export interface AbsoluteTarget {
  /** Host name or address, brackets removed from IPv6 literals. */
  hostname: string;
  port: number;
  /** `host[:port]` for the Host header, as the client wrote it (userinfo dropped). */
  authority: string;
  /** Path and query exactly as received. */
  path: string;
}

/** Null when the target is not an absolute http:// URL with a usable host. */
export function absoluteTarget(url: string): AbsoluteTarget | null {
  const match = /^http:\/\/([^/?#\s]*)([^#\s]*)/i.exec(url);
  if (!match) return null;
  const authority = match[1]!.replace(/^[^@]*@/, '');
  let parsed: URL;
  try {
    parsed = new URL(`http://${authority}`);
  } catch {
    return null;
  }
  if (!parsed.hostname) return null;
  const rest = match[2]!;
  return {
    hostname: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port ? Number(parsed.port) : 80,
    authority,
    path: rest.startsWith('/') ? rest : `/${rest}`,
  };
}

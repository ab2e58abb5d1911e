import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { forbiddenRange, isLoopbackName } from '@tollgate/gateway/special-purpose';

/**
 * Whether the server may call a staff-supplied provider address (SSRF): http or https only, no
 * credentials in it, and (unless it is the operator's own UPSTREAM_PROXY_API_URL) nothing that is or
 * resolves to an internal address, judged by the gateway's egress ranges (DESIGN §9b). Returns why
 * not, naming the field, or null.
 */
export async function refuseProviderUrl(
  text: string,
  options: { environmentUrl?: string | undefined; resolve?: typeof lookup } = {},
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'baseUrl: enter a full address such as https://api.provider.example/v1';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'baseUrl: use an http:// or https:// address';
  if (url.username || url.password) return 'baseUrl: put the key in the API key field, not in the address';
  if (url.search || url.hash) return 'baseUrl: the address takes no query or fragment';
  if (options.environmentUrl && sameUrl(text, options.environmentUrl)) return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(host)) {
    const range = forbiddenRange(host);
    return range ? `baseUrl: ${host} is ${range}; the provider must be reachable on a public address` : null;
  }
  if (isLoopbackName(host)) return `baseUrl: ${host} is this server itself, not a provider address`;
  let answers: { address: string }[];
  try {
    answers = await (options.resolve ?? lookup)(host, { all: true, verbatim: true });
  } catch {
    return `baseUrl: ${host} does not resolve`;
  }
  for (const { address } of answers) {
    const range = forbiddenRange(address);
    if (range)
      return `baseUrl: ${host} resolves to ${address}, ${range}; the provider must be reachable on a public address`;
  }
  return null;
}

const sameUrl = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b.trim().replace(/\/+$/, '');

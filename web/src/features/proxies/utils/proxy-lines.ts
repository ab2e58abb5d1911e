import { toCsv } from '#lib/csv.ts';
import type { ListFormat, PortType } from './labels.ts';

/** Lines on screen and what they were generated with. */
export interface ProxyList {
  lines: string[];
  format: ListFormat;
  porttype: PortType;
}

export interface ProxyEndpoint {
  host: string;
  port: number;
  username: string;
  password: string;
}

/** `[2001:db8::1]` -> `2001:db8::1`; other hosts unchanged. */
const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** `host:port` where host may be a bracketed IPv6 literal. */
function splitHostPort(text: string): { host: string; port: number } | null {
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return null;
  const port = Number(text.slice(colon + 1));
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  return { host: unbracket(text.slice(0, colon)), port };
}

/** `user:pass@host:port`; usernames never hold ':' (the password may). */
function parseAuthority(text: string, decode: boolean): ProxyEndpoint | null {
  const at = text.lastIndexOf('@');
  if (at <= 0) return null;
  const credentials = text.slice(0, at);
  const colon = credentials.indexOf(':');
  const address = splitHostPort(text.slice(at + 1));
  if (colon <= 0 || !address) return null;
  const read = (value: string) => (decode ? decodeURIComponent(value) : value);
  return { ...address, username: read(credentials.slice(0, colon)), password: read(credentials.slice(colon + 1)) };
}

/**
 * Reads one generated line back into its parts, for CSV export and code snippets. The generator
 * writes the formats in `LIST_FORMATS`; null for anything else.
 */
export function parseProxyLine(line: string, format: ListFormat): ProxyEndpoint | null {
  const text = line.trim();
  if (format === 'user:pass@host:port') return parseAuthority(text, false);
  if (format === 'url') {
    const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
    return scheme ? parseAuthority(text.slice(scheme[0].length).replace(/\/$/, ''), true) : null;
  }
  // host:port:user:pass, the host possibly a bracketed IPv6 literal.
  let host: string;
  let rest: string;
  if (text.startsWith('[')) {
    const end = text.indexOf(']:');
    if (end < 0) return null;
    host = text.slice(1, end);
    rest = text.slice(end + 2);
  } else {
    const colon = text.indexOf(':');
    if (colon <= 0) return null;
    host = text.slice(0, colon);
    rest = text.slice(colon + 1);
  }
  const [portText, username, ...password] = rest.split(':');
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535 || !username || password.length === 0) return null;
  return { host, port, username, password: password.join(':') };
}

/** The CSV download: host,port,username,password, one row per line that reads back. */
export function proxyListCsv(lines: readonly string[], format: ListFormat): string {
  const rows = lines
    .map((line) => parseProxyLine(line, format))
    .filter((row): row is ProxyEndpoint => row !== null)
    .map((row) => [row.host, row.port, row.username, row.password]);
  return toCsv(['host', 'port', 'username', 'password'], rows);
}

/** `scheme://user:pass@host:port`, credentials percent-encoded, IPv6 hosts bracketed. */
export function proxyUrl(endpoint: ProxyEndpoint, scheme: string): string {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  const user = encodeURIComponent(endpoint.username);
  const pass = encodeURIComponent(endpoint.password);
  return `${scheme}://${user}:${pass}@${host}:${endpoint.port}`;
}

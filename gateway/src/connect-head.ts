/**
 * The head of a connection's first request, when that request is a CONNECT: read here instead of
 * by Node's HTTP server, which builds a parser, a request stream and a header table for it and
 * then takes them all down again, on every tunnel (ADR 054). Anything else goes to Node's server.
 */
export type Opening =
  /** Not a CONNECT: Node's HTTP server takes the connection, bytes read so far included. */
  | { kind: 'other' }
  | { kind: 'connect'; authority: string; proxyAuthorization: string | undefined; used: number }
  /** What Node's server answers too: 400 for a malformed head, 431 for one over its size limit. */
  | { kind: 'bad'; status: 400 | 431 };

/** Node's default `maxHeaderSize`, which the HTTP server applies to every other request. */
export const MAX_HEAD = 16 * 1024;

const METHOD = Buffer.from('CONNECT ');
const HEAD_END = Buffer.from('\r\n\r\n');
const CR = 0x0d;
const LF = 0x0a;
const OTHER: Opening = { kind: 'other' };
const MALFORMED: Opening = { kind: 'bad', status: 400 };
const TOO_LARGE: Opening = { kind: 'bad', status: 431 };

// As strict as Node's parser is by default: CRLF line ends only, a token before each colon, no
// control characters but tabs, no folded lines, HTTP/1.0 or 1.1.
const REQUEST_LINE = /^CONNECT ([\x21-\x7e]+) HTTP\/1\.[01]$/;
// No quantifier here may overlap another: a lazy value before optional trailing blanks backtracks
// quadratically on a 16 KiB line of blanks ending in a bad byte, so blanks are trimmed by hand.
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):([\t\x20-\x7e\x80-\xff]*)$/;

/** Leading and trailing tabs and spaces off a header value (what Node's parser strips, nothing more). */
function trimBlanks(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && (value.charCodeAt(start) === 0x20 || value.charCodeAt(start) === 0x09)) start++;
  while (end > start && (value.charCodeAt(end - 1) === 0x20 || value.charCodeAt(end - 1) === 0x09)) end--;
  return value.slice(start, end);
}

/**
 * What the bytes received so far open with; null while they are a CONNECT whose head has not all
 * arrived (or too few bytes to tell). Bytes after the head belong to the tunnel (`used` ends it).
 */
export function readOpening(received: Buffer): Opening | null {
  const n = Math.min(received.length, METHOD.length);
  if (received.compare(METHOD, 0, n, 0, n) !== 0) return OTHER;
  if (received.length < METHOD.length) return null;
  const end = received.indexOf(HEAD_END);
  // A bare LF in the head is refused as soon as it arrives, as Node's parser refuses it, rather
  // than waited past; bytes behind the head are the tunnel's and may hold anything.
  const headLength = end === -1 ? Math.min(received.length, MAX_HEAD + 1) : end;
  for (let lf = received.indexOf(LF); lf !== -1 && lf < headLength; lf = received.indexOf(LF, lf + 1))
    if (received[lf - 1] !== CR) return MALFORMED;
  if (end === -1 || end > MAX_HEAD) return received.length > MAX_HEAD ? TOO_LARGE : null;

  const lines = received.toString('latin1', 0, end).split('\r\n');
  const request = REQUEST_LINE.exec(lines[0]!);
  if (!request) return MALFORMED;
  let proxyAuthorization: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const header = HEADER_LINE.exec(lines[i]!);
    if (!header) return MALFORMED;
    // A repeated Proxy-Authorization is dropped, as Node's server drops it: the first one counts.
    if (proxyAuthorization === undefined && header[1]!.toLowerCase() === 'proxy-authorization')
      proxyAuthorization = trimBlanks(header[2]!);
  }
  return { kind: 'connect', authority: request[1]!, proxyAuthorization, used: end + HEAD_END.length };
}

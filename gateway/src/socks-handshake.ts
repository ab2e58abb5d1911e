import net, { type Socket } from 'node:net';

/** RFC 1928 reply codes. */
export const SOCKS_REPLY = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowed: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  ttlExpired: 0x06,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

export class SocksError extends Error {
  constructor(readonly reply: number) {
    super(`socks reply ${reply}`);
  }
}

/** A message parsed from the front of the buffer, and how many bytes it took; null = not all here yet. */
type Parsed<T> = { value: T; used: number } | null;
export type Parser<T> = (b: Buffer) => Parsed<T>;

/** Version/method selection (RFC 1928 §3): the methods the client offers. */
export const greeting: Parser<Buffer> = (b) => {
  if (b.length < 2) return null;
  if (b[0] !== 5 || b[1] === 0) throw new Error('not socks5');
  const end = 2 + b[1]!;
  return b.length < end ? null : { value: b.subarray(2, end), used: end };
};

/** Username/password request (RFC 1929 §2). */
export const credentials: Parser<{ username: string; password: string }> = (b) => {
  if (b.length < 2) return null;
  const ulen = b[1]!;
  if (b.length < 3 + ulen) return null;
  const plen = b[2 + ulen]!;
  const end = 3 + ulen + plen;
  if (b.length < end) return null;
  return {
    value: { username: b.toString('utf8', 2, 2 + ulen), password: b.toString('utf8', 3 + ulen, end) },
    used: end,
  };
};

/** The request (RFC 1928 §4): command and destination. */
export const request: Parser<{ command: number; host: string; port: number }> = (b) => {
  if (b.length < 5) return null;
  // A request that is not SOCKS5 (wrong version byte) or names an empty domain is refused, not guessed at.
  if (b[0] !== 5) throw new SocksError(SOCKS_REPLY.generalFailure);
  const addressType = b[3];
  let host: string;
  let at: number;
  if (addressType === 1) {
    at = 8;
    if (b.length < at + 2) return null;
    host = `${b[4]}.${b[5]}.${b[6]}.${b[7]}`;
  } else if (addressType === 3) {
    if (b[4] === 0) throw new SocksError(SOCKS_REPLY.generalFailure);
    at = 5 + b[4]!;
    if (b.length < at + 2) return null;
    host = b.toString('utf8', 5, at);
  } else if (addressType === 4) {
    at = 20;
    if (b.length < at + 2) return null;
    host = Array.from({ length: 8 }, (_, i) => b.readUInt16BE(4 + i * 2).toString(16)).join(':');
  } else throw new SocksError(SOCKS_REPLY.addressTypeNotSupported);
  return { value: { command: b[1]!, host, port: b.readUInt16BE(at) }, used: at + 2 };
};

/** Every handshake message fits in 600 bytes; more than this is payload sent ahead, held back by TCP. */
const MAX_BUFFERED = 64 * 1024;

/**
 * The handshake's input: one `data` listener collects what the client sends, and each step parses
 * its message from the front once all of it has arrived (clients may split or batch messages).
 * A listener and promise per field cost more than the rest of the handshake together.
 */
export class HandshakeInput {
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { parse: Parser<unknown>; resolve(v: unknown): void; reject(e: unknown): void } | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: Socket) {
    socket.on('data', this.onData);
    socket.on('end', this.onEnd);
    socket.on('close', this.onEnd);
    // Accepted paused (pauseOnConnect), and a paused stream does not start flowing for `data`.
    socket.resume();
  }

  next<T>(parse: Parser<T>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    try {
      const parsed = parse(this.buffered);
      if (parsed) return Promise.resolve(this.take(parsed));
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting = { parse, resolve: resolve as (v: unknown) => void, reject };
    });
  }

  /** Hands the socket back paused, with anything sent after the handshake put back in front. */
  release() {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onEnd);
    this.socket.pause();
    if (this.buffered.length) this.socket.unshift(this.buffered);
    this.buffered = Buffer.alloc(0);
  }

  private take<T>(parsed: { value: T; used: number }): T {
    this.buffered = this.buffered.subarray(parsed.used);
    return parsed.value;
  }

  private onData = (chunk: Buffer) => {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    // A client streaming ahead while we ask the store must not fill our memory; the relay resumes it.
    if (this.buffered.length > MAX_BUFFERED) this.socket.pause();
    const waiting = this.waiting;
    if (!waiting) return;
    try {
      const parsed = waiting.parse(this.buffered);
      if (!parsed) return;
      this.waiting = null;
      waiting.resolve(this.take(parsed));
    } catch (error) {
      this.waiting = null;
      waiting.reject(error);
    }
  };

  private onEnd = () => {
    this.failure ??= new Error('closed during handshake');
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.failure);
  };
}

/** The server's reply to a request; BND.ADDR is the outbound socket's local address. */
export function reply(code: number, address = '0.0.0.0', port = 0): Buffer {
  const v6 = net.isIPv6(address);
  const out = Buffer.alloc(v6 ? 22 : 10);
  out[0] = 5;
  out[1] = code;
  out[3] = v6 ? 4 : 1;
  if (v6) ipv6Bytes(address).copy(out, 4);
  else if (net.isIPv4(address)) address.split('.').forEach((part, i) => (out[4 + i] = Number(part)));
  out.writeUInt16BE(port, v6 ? 20 : 8);
  return out;
}

function ipv6Bytes(ip: string): Buffer {
  const [head = '', tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(parseInt(g || '0', 16), i * 2));
  return out;
}

import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Concurrent connections from one source address, counted from accept, before any credential. */
  perIp: number;
  /** Hard deadline from accept until the request is admitted (SOCKS5 handshake, HTTP request head). */
  handshakeMs: number;
  /** An established tunnel or keep-alive connection with no traffic either way for this long is closed. */
  idleMs: number;
  /** Sockets this node holds at most, clients and targets together (each tunnel holds two). */
  totalSockets: number;
}

export const DEFAULT_LIMITS = { perIp: 2_000, handshakeMs: 10_000, idleMs: 300_000 } as const;

/**
 * The socket budget of a node: what the process may open (soft RLIMIT_NOFILE) less a reserve for
 * everything that is not the gateway — the shop's HTTP server and database pool when they share the
 * process, log files, DNS. The gateway refuses new clients at its budget, so it runs short first
 * and the shop's own requests never meet EMFILE.
 */
export function socketBudget(readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number {
  let soft = 1_024;
  try {
    const line = readLimits()
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const value = line?.split(/\s{2,}/)[1];
    if (value && value !== 'unlimited' && Number(value) > 0) soft = Number(value);
    else if (value === 'unlimited') soft = 1_048_576;
  } catch {
    // Not Linux: keep the conservative default.
  }
  const reserve = Math.max(256, Math.floor(soft * 0.2));
  return Math.max(16, soft - reserve);
}

/**
 * Counts a node's connections and holds each client to the limits above: refused at accept when its
 * address or the node is at the limit, cut at the handshake deadline however slowly it drips bytes
 * in, and closed when an established connection goes idle.
 */
export function createConnectionGuard(limits: ConnectionLimits) {
  const byIp = new Map<string, number>();
  const handshakes = new WeakMap<Socket, NodeJS.Timeout>();
  let sockets = 0;

  return {
    /** Counts a new client; false (and the caller closes it) when its address or the node is full. */
    accept(client: Socket): boolean {
      const ip = client.remoteAddress ?? '';
      const fromIp = byIp.get(ip) ?? 0;
      // Room for the client and the target it will open.
      if (fromIp >= limits.perIp || sockets + 2 > limits.totalSockets) return false;
      byIp.set(ip, fromIp + 1);
      sockets += 2;
      client.once('close', () => {
        sockets -= 2;
        const left = (byIp.get(ip) ?? 1) - 1;
        if (left <= 0) byIp.delete(ip);
        else byIp.set(ip, left);
      });
      // Not an inactivity timer: a client dripping one byte at a time is cut all the same.
      const deadline = setTimeout(() => client.destroy(), limits.handshakeMs);
      deadline.unref();
      client.once('close', () => clearTimeout(deadline));
      handshakes.set(client, deadline);
      return true;
    },

    /** The client was admitted: its handshake deadline ends and the idle timeout begins. */
    established(client: Socket) {
      const deadline = handshakes.get(client);
      if (deadline) clearTimeout(deadline);
      handshakes.delete(client);
      client.setTimeout(limits.idleMs, () => client.destroy());
    },

    open: () => sockets / 2,
  };
}
export type ConnectionGuard = ReturnType<typeof createConnectionGuard>;

import type { Socket } from 'node:net';
import type { Grant, MeteredHour, Remaining } from './access';

/** One client connection being metered. */
interface Metered {
  socket: Socket;
  sub: SubscriptionState;
  country: string;
  /** Socket counters already accounted for. */
  seenIn: number;
  seenOut: number;
  /** Accounted bytes not yet moved into a usage bucket. */
  bytesIn: number;
  bytesOut: number;
}

interface Bucket {
  bytesIn: number;
  bytesOut: number;
  requests: number;
  failures: number;
}

/** What this node knows about one subscription while it has traffic here. */
export interface SubscriptionState {
  id: string;
  threads: number;
  /** Bytes left: the store's last answer minus what was counted here since; null = unlimited. */
  remaining: number | null;
  allowed: boolean;
  open: Set<Metered>;
  /** Keyed by `${hourStartMs}|${country}`. */
  buckets: Map<string, Bucket>;
  /** Bytes counted since the report in flight was taken, to rebase the store's answer. */
  countedSinceReport: number;
  reporting: boolean;
  /** The grant this state was last refreshed from; a new one means the store was read again. */
  grant: Grant;
}

export type AttachResult = { ok: true } | { ok: false; reason: string };

const HOUR = 3_600_000;

/**
 * Counts every byte a client socket sends and receives (socket counters, so nothing is sampled
 * or estimated), keeps per-subscription remaining bandwidth and concurrent connections, and turns
 * the counts into hourly usage reports. Bandwidth plans are checked on every write to the client,
 * so a download stops within one chunk of the allowance; uploads are checked on every tick.
 */
export function createMeter(now: () => number = Date.now, maxPerPlan = Infinity) {
  const states = new Map<string, SubscriptionState>();
  const bySocket = new WeakMap<Socket, Metered>();
  /** Sockets whose writes already go through `meterWrites`. */
  const writeChecked = new WeakSet<Socket>();
  /** Every byte counted per subscription since start (tests and the bench compare it with the wire). */
  const totals = new Map<string, number>();
  /** The node's bytes, every plan together, for its metrics. */
  const node = { in: 0, out: 0 };

  function bucket(sub: SubscriptionState, country: string): Bucket {
    const key = `${Math.floor(now() / HOUR) * HOUR}|${country}`;
    let b = sub.buckets.get(key);
    if (!b) {
      b = { bytesIn: 0, bytesOut: 0, requests: 0, failures: 0 };
      sub.buckets.set(key, b);
    }
    return b;
  }

  function cut(sub: SubscriptionState) {
    for (const m of sub.open) m.socket.destroy();
  }

  /** Accounts what the socket moved since last time; cuts the plan's connections when it runs out. */
  function sample(m: Metered) {
    const dIn = m.socket.bytesRead - m.seenIn;
    const dOut = m.socket.bytesWritten - m.seenOut;
    if (dIn === 0 && dOut === 0) return;
    m.seenIn += dIn;
    m.seenOut += dOut;
    m.bytesIn += dIn;
    m.bytesOut += dOut;
    const sub = m.sub;
    totals.set(sub.id, (totals.get(sub.id) ?? 0) + dIn + dOut);
    node.in += dIn;
    node.out += dOut;
    if (sub.reporting) sub.countedSinceReport += dIn + dOut;
    if (sub.remaining !== null) {
      sub.remaining -= dIn + dOut;
      if (sub.remaining <= 0) cut(sub);
    }
  }

  /** Nothing counted for this subscription is waiting to be reported. */
  function quiet(sub: SubscriptionState) {
    if (sub.reporting || sub.buckets.size > 0) return false;
    for (const m of sub.open) {
      sample(m);
      if (m.bytesIn || m.bytesOut) return false;
    }
    return true;
  }

  function settle(m: Metered) {
    if (m.bytesIn === 0 && m.bytesOut === 0) return;
    const b = bucket(m.sub, m.country);
    b.bytesIn += m.bytesIn;
    b.bytesOut += m.bytesOut;
    m.bytesIn = 0;
    m.bytesOut = 0;
  }

  /**
   * Checks every write to the client against the allowance of the plan the socket is attached to
   * when it writes, so a download stops within one chunk of it. Installed once per socket: a
   * kept-alive socket that changes plan must not keep the previous plan's check (it cut the new
   * plan's answers to what the old one had left, and counted them against it).
   */
  function meterWrites(socket: Socket) {
    if (writeChecked.has(socket)) return;
    writeChecked.add(socket);
    const write = socket.write;
    socket.write = function meteredWrite(this: Socket, ...args: Parameters<Socket['write']>) {
      const m = bySocket.get(this);
      const left = m?.sub.remaining ?? null;
      if (!m || left === null) return write.apply(this, args);
      // A chunk larger than what is left is cut to the allowance, so a plan never delivers more than it bought.
      const [chunk] = args;
      const result =
        Buffer.isBuffer(chunk) && chunk.length > left
          ? write.call(this, chunk.subarray(0, Math.max(0, left)))
          : write.apply(this, args);
      sample(m);
      return result;
    } as Socket['write'];
  }

  return {
    /**
     * The state for a granted subscription. A grant freshly read from the store (a top-up, a
     * staff change) replaces the limits only while nothing counted here is unreported; otherwise
     * the next flush's answer brings them.
     */
    state(grant: Grant): SubscriptionState {
      let sub = states.get(grant.subscriptionId);
      if (!sub) {
        sub = {
          id: grant.subscriptionId,
          threads: grant.threads,
          remaining: grant.remainingBytes,
          allowed: true,
          open: new Set(),
          buckets: new Map(),
          countedSinceReport: 0,
          reporting: false,
          grant,
        };
        states.set(sub.id, sub);
      } else if (sub.grant !== grant) {
        sub.grant = grant;
        sub.threads = grant.threads;
        if (quiet(sub)) {
          sub.remaining = grant.remainingBytes;
          sub.allowed = true;
        }
      }
      return sub;
    },

    exhausted: (sub: SubscriptionState) => sub.remaining !== null && sub.remaining <= 0,

    /**
     * Starts metering a client socket for a subscription, or refuses it when the plan has all its
     * threads in use. A keep-alive socket carrying several requests is attached once and counted
     * as one request per call.
     */
    attach(socket: Socket, sub: SubscriptionState, country: string): AttachResult {
      const existing = bySocket.get(socket);
      if (existing && existing.sub === sub) {
        bucket(sub, existing.country).requests += 1;
        return { ok: true };
      }
      if (existing) this.detach(socket);
      // Thread plans hold their threads; every plan, bandwidth plans too, at most `maxPerPlan` at once.
      const byThreads = sub.threads > 0 && sub.threads <= maxPerPlan;
      const cap = byThreads ? sub.threads : maxPerPlan;
      if (sub.open.size >= cap) {
        bucket(sub, country).failures += 1;
        return { ok: false, reason: byThreads ? `Thread limit reached (${cap})` : `Connection limit reached (${cap})` };
      }
      // A new socket is counted from its first byte (the request or handshake is the customer's
      // traffic too); one that changes plan mid keep-alive from where the previous plan stopped.
      const m: Metered = {
        socket,
        sub,
        country,
        seenIn: existing ? socket.bytesRead : 0,
        seenOut: existing ? socket.bytesWritten : 0,
        bytesIn: 0,
        bytesOut: 0,
      };
      bySocket.set(socket, m);
      sub.open.add(m);
      bucket(sub, country).requests += 1;
      if (sub.remaining !== null) meterWrites(socket);
      socket.once('close', () => this.detach(socket));
      return { ok: true };
    },

    detach(socket: Socket) {
      const m = bySocket.get(socket);
      if (!m) return;
      sample(m);
      settle(m);
      m.sub.open.delete(m);
      bySocket.delete(socket);
    },

    /** A request refused before it was attached (a country the plan may not use): a failure all the same. */
    refused(sub: SubscriptionState, country: string) {
      bucket(sub, country).failures += 1;
    },

    /** A request on this socket failed (target unreachable, refused by the exit). */
    failed(socket: Socket) {
      const m = bySocket.get(socket);
      if (m) bucket(m.sub, m.country).failures += 1;
    },

    /** Samples every open connection: catches uploads on bandwidth plans between reports. */
    tick() {
      for (const sub of states.values()) for (const m of sub.open) sample(m);
    },

    /**
     * Takes everything counted so far as reports, leaving the states ready for more. Call
     * `settleReport` with the store's answer, or `restore` when the store could not be reached.
     */
    takeReport(): MeteredHour[] {
      const reports: MeteredHour[] = [];
      for (const sub of states.values()) {
        for (const m of sub.open) {
          sample(m);
          settle(m);
        }
        for (const [key, b] of sub.buckets) {
          const [hour = '0', country = ''] = key.split('|');
          reports.push({ subscriptionId: sub.id, hour: new Date(Number(hour)), country, ...b });
        }
        sub.buckets.clear();
        sub.reporting = true;
        sub.countedSinceReport = 0;
      }
      return reports;
    },

    settleReport(answers: ReadonlyMap<string, Remaining>) {
      for (const sub of states.values()) {
        const answer = answers.get(sub.id);
        if (answer) {
          sub.allowed = answer.allowed;
          sub.remaining = answer.remainingBytes === null ? null : answer.remainingBytes - sub.countedSinceReport;
          if (!sub.allowed || (sub.remaining !== null && sub.remaining <= 0)) cut(sub);
        }
        sub.reporting = false;
        sub.countedSinceReport = 0;
        // Idle subscriptions are forgotten and start again from their next grant, except refused
        // ones: a cached grant would let them in again, so they wait for the store to say otherwise.
        const refused = !sub.allowed || (sub.remaining !== null && sub.remaining <= 0);
        if (!refused && sub.open.size === 0 && sub.buckets.size === 0) states.delete(sub.id);
      }
    },

    /** The store failed: put the reports back so nothing metered is lost. */
    restore(reports: readonly MeteredHour[]) {
      for (const r of reports) {
        const sub = states.get(r.subscriptionId);
        if (!sub) continue;
        const key = `${r.hour.getTime()}|${r.country}`;
        const b = sub.buckets.get(key) ?? { bytesIn: 0, bytesOut: 0, requests: 0, failures: 0 };
        b.bytesIn += r.bytesIn;
        b.bytesOut += r.bytesOut;
        b.requests += r.requests;
        b.failures += r.failures;
        sub.buckets.set(key, b);
        sub.reporting = false;
      }
    },

    /** Bytes counted for a subscription that are not yet reported (tests, bench). */
    unreported(subscriptionId: string): number {
      const sub = states.get(subscriptionId);
      if (!sub) return 0;
      let total = 0;
      for (const m of sub.open) {
        sample(m);
        total += m.bytesIn + m.bytesOut;
      }
      for (const b of sub.buckets.values()) total += b.bytesIn + b.bytesOut;
      return total;
    },

    nodeBytes: () => ({ ...node }),
    /** All bytes counted for a subscription on this node since start, reported or not. */
    meteredBytes(subscriptionId: string): number {
      const sub = states.get(subscriptionId);
      if (sub) for (const m of sub.open) sample(m);
      return totals.get(subscriptionId) ?? 0;
    },

    openConnections: (subscriptionId: string) => states.get(subscriptionId)?.open.size ?? 0,

    closeAll() {
      for (const sub of states.values()) cut(sub);
    },
  };
}
export type Meter = ReturnType<typeof createMeter>;

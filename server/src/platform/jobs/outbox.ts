/**
 * The one way this server delivers what a table owes (webhooks, notices, campaign mails; ADR 056).
 * The row is written in the same transaction as the change that owes it; a worker then claims due
 * rows under a lease (`claimDue`), delivers them, and records each outcome only under its claim.
 * `drain` goes round until a claim finds nothing; runs never overlap in one process, and a call
 * during a run makes the run go round once more. `stop` lets the batch in hand finish and ends.
 */
export interface OutboxWorker<Row> {
  /** How many rows one claim takes. */
  batch: number;
  /**
   * Claims up to `limit` due rows (rows due by `now` when given: tests and the CLI look ahead), or
   * 'wait' when rows are owed but may not go yet (a shared rate limit).
   */
  claim(options: { limit: number; now?: Date }): Promise<Row[] | 'wait'>;
  /** Delivers a claimed batch and records each outcome; checks `stopping` between rows if it is slow. */
  deliver(rows: Row[], stopping: () => boolean): Promise<void>;
  /**
   * When a claim finds nothing: 'wait' if rows will be due soon (a lease or a short retry pause
   * runs out) and the drain should look again after `waitMs`, 'done' to end. Without it, 'done'.
   */
  whenEmpty?(): Promise<'wait' | 'done'>;
  waitMs?: number;
  /** Where a failed run is reported, its drain then resolving; without it the drain rejects. */
  onError?(error: unknown): void;
}

export function createOutbox<Row>(worker: OutboxWorker<Row>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopping = false;
  let wake: (() => void) | null = null;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  /** One batch: how many rows it claimed, or 'wait'. */
  async function deliverDue(options: { now?: Date; limit?: number } = {}): Promise<number | 'wait'> {
    const claimed = await worker.claim({ limit: options.limit ?? worker.batch, now: options.now });
    if (claimed === 'wait') return 'wait';
    if (claimed.length) await worker.deliver(claimed, () => stopping);
    return claimed.length;
  }

  async function loop() {
    do {
      again = false;
      while (!stopping) {
        let outcome = await deliverDue();
        if (outcome === 0) outcome = (await worker.whenEmpty?.()) === 'wait' ? 'wait' : 0;
        if (outcome === 0) break;
        if (outcome === 'wait') await pause(worker.waitMs ?? 250);
      }
    } while (again && !stopping);
  }

  return {
    deliverDue,

    /** Delivers until nothing is due; a call during a run joins it and makes it look once more. */
    drain(): Promise<void> {
      if (stopping) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      const run = worker.onError ? loop().catch(worker.onError) : loop();
      running = run.finally(() => {
        running = null;
      });
      return running;
    },

    /** Shutting down: the batch in hand finishes, no other starts, and a pause ends at once. */
    async stop() {
      stopping = true;
      wake?.();
      await running?.catch(() => {});
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** A retry schedule: the pause after each failed attempt, and how many attempts before giving up. */
export interface Backoff {
  /** Seconds to wait after attempt 1, 2, ...; attempts past the end wait as long as the last. */
  delaysS: readonly number[];
  maxAttempts: number;
}

/**
 * After `attempts` failed attempts: whether to give up, and the pause before the next one (also
 * given when giving up, for a schedule column that shows when it would have been).
 */
export function nextAttempt(backoff: Backoff, attempts: number): { giveUp: boolean; delayS: number } {
  const delayS = backoff.delaysS[Math.min(attempts, backoff.delaysS.length) - 1] ?? 0;
  return { giveUp: attempts >= backoff.maxAttempts, delayS };
}

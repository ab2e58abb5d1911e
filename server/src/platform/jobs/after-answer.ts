import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request starts and does not wait for: its answer then takes the same time whatever that
 * work finds. Forgot-password answers before the address is even looked up, so a registered
 * address and an unknown one cannot be told apart by the clock (issue 21). A failure is logged
 * (the person asks again, as after a lost mail); shutting down waits for the work in flight.
 */
export function createAfterAnswer(log: Pick<FastifyBaseLogger, 'error'>) {
  const running = new Set<Promise<void>>();
  return {
    /**
     * Starts `work` once `answered` settles: the moment the answer has left (see `answerSent`), so
     * the work cannot slow it down, also where the database shares this thread (PGlite).
     */
    run(name: string, work: () => Promise<unknown>, answered: Promise<void>) {
      const task: Promise<void> = answered
        .then(work)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'work after the answer failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves once everything started so far has finished. */
    async settled() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
export type AfterAnswer = ReturnType<typeof createAfterAnswer>;

/** Settles when the reply has been written out (or the client went away first). */
export function answerSent(reply: FastifyReply): Promise<void> {
  return new Promise((resolve) => {
    reply.raw.once('finish', () => resolve());
    reply.raw.once('close', () => resolve());
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's work after answers (tests wait for it before reading the mailbox). */
    afterAnswer: AfterAnswer;
  }
}

import pg from 'pg';

/**
 * What a LISTEN delivers: every payload on the channel, and whether delivery is trustworthy right
 * now. `live(false)` means notifications may have been (or are being) missed; `live(true)` comes once
 * they flow again, after which anything cached before must be thrown away by the receiver.
 */
export interface NotificationHandlers {
  notify(payload: string): void;
  live(up: boolean): void;
}

export type StopListening = () => Promise<void>;

const RETRY_MS = [100, 250, 500, 1_000, 2_000, 5_000];

/**
 * LISTEN on PostgreSQL through a connection of its own (a pooled one would be handed to queries and
 * lose the subscription). A lost connection is reported and dialled again with back-off, forever,
 * until stopped.
 */
export async function listenOnPostgres(
  options: pg.ClientConfig,
  channel: string,
  handlers: NotificationHandlers,
): Promise<StopListening> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    handlers.live(false);
    failed.end().catch(() => {});
    if (!stopped) timer = setTimeout(() => void connect(), RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
  };

  async function connect(): Promise<void> {
    timer = null;
    // Idle connections are probed, so a silently dead one is noticed and not trusted for long.
    const next = new pg.Client({ ...options, keepAlive: true, keepAliveInitialDelayMillis: 5_000 });
    client = next;
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.notify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(next);
      return;
    }
    if (client !== next || stopped) return;
    attempt = 0;
    handlers.live(true);
  }

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = null;
    handlers.live(false);
    await current?.end().catch(() => {});
  };
}

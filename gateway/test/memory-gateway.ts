import { startGateway, type GatewayOptions } from '../src/gateway';
import type { MemorySubscription } from '../src/memory-store';

/** The customer most cases connect as, with the password the gateway checks. */
export const ALICE = { user: 'tgalice', pass: 'right-password' };

/** Alice's residential plan in the memory store: no thread limit, no byte limit unless a case sets one. */
export const alicePlan = (over: Partial<MemorySubscription> = {}): MemorySubscription => ({
  subscriptionId: 'sub-1',
  user: ALICE.user,
  password: ALICE.pass,
  planType: 'residential',
  threads: 0,
  remainingBytes: null,
  ...over,
});

/** A node on loopback with ports the OS picks; usage flushes once a minute unless a case says. */
export const startTestGateway = (options: Pick<GatewayOptions, 'store'> & Partial<GatewayOptions>) =>
  startGateway({ host: '127.0.0.1', httpPort: 0, socksPort: 0, flushIntervalMs: 60_000, ...options });

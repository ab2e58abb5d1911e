import type { Socket } from 'node:net';
import type { ConnectionGuard } from './connection-guard';
import type { Egress } from './egress';
import type { ExitChoice } from './exits';
import type { GatewayMetrics } from './metrics';
import { openThroughExit } from './relay';

/**
 * The node's egress check, connection guard and exit opener, reporting to the metrics what they
 * refuse and how long exits take; the proxies use these and never learn that they are counted.
 */
export function observed(parts: { egress: Egress; guard: ConnectionGuard }, metrics: GatewayMetrics) {
  const { egress, guard } = parts;
  return {
    egress: {
      ...egress,
      async destination(host: string, port: number, viaUpstream?: boolean) {
        const destination = await egress.destination(host, port, viaUpstream);
        if (!destination.ok && destination.kind === 'refused') metrics.refused('egress');
        return destination;
      },
    },
    guard: {
      ...guard,
      accept(client: Socket) {
        const accepted = guard.accept(client);
        if (!accepted) metrics.refused('node');
        return accepted;
      },
    },
    async open(exit: ExitChoice, host: string, port: number) {
      const started = performance.now();
      try {
        const outbound = await openThroughExit(exit, host, port);
        metrics.upstream(exit, (performance.now() - started) / 1000);
        return outbound;
      } catch (error) {
        metrics.upstream(exit, 0, (error as NodeJS.ErrnoException).code ?? 'error');
        throw error;
      }
    },
  };
}

import type { Admit } from './admission';
import type { ConnectionGuard } from './connection-guard';
import type { Egress } from './egress';
import type { ExitChoice } from './exits';
import type { Meter } from './meter';
import type { GatewayMetrics } from './metrics';
import type { Outbound } from './relay';

/** What each proxy listener (HTTP, SOCKS5) shares with the other: one admission, meter, egress and guard. */
export interface ProxyOptions {
  host: string;
  port: number;
  admit: Admit;
  meter: Meter;
  egress: Egress;
  guard: ConnectionGuard;
  /** Opens the connection to the destination through the exit (`openThroughExit`, timed for the metrics). */
  open(exit: ExitChoice, host: string, port: number): Promise<Outbound>;
  metrics: GatewayMetrics;
}

import type { Admit } from './admission';
import type { ConnectionGuard } from './connection-guard';
import type { Egress } from './egress';
import type { Meter } from './meter';

/** What each proxy listener (HTTP, SOCKS5) shares with the other: one admission, meter, egress and guard. */
export interface ProxyOptions {
  host: string;
  port: number;
  admit: Admit;
  meter: Meter;
  egress: Egress;
  guard: ConnectionGuard;
}

import type { PlanType } from '@tollgate/contract/plans/plans';
import type { OwnServers } from '@tollgate/contract/proxies/own-servers';

/**
 * What the gateway needs from the shop, and nothing more: who may connect and what they were
 * metered. The server implements it on the database; tests and the bench use the memory store.
 */
export interface AccessStore {
  /** A subscription by its proxy username (the part before any targeting) and password. */
  byCredentials(user: string, password: string): Promise<Grant | Refusal | null>;
  /**
   * The subscription a source IP is whitelisted on (an address belongs to one account): the one
   * whose proxy username is `user` when given, otherwise the usable one with bandwidth left that
   * ends first.
   */
  byIp(ip: string, user?: string): Promise<Grant | Refusal | null>;
  /**
   * Adds metered usage (several nodes report concurrently, so the store adds, never sets) and
   * answers what each reported subscription has left, so cut-offs follow other nodes and top-ups.
   */
  report(usage: readonly MeteredHour[]): Promise<ReadonlyMap<string, Remaining>>;
  /** The OwnServers setting (exits); re-read every few seconds. */
  exits(): Promise<OwnServers>;
  /**
   * Sticky sessions asked to change exit lately (rotation links, ADR 034); read with the exits.
   * A session's `generation` grows with each request, so a node applies each one once.
   */
  rotations?(): Promise<readonly SessionRotation[]>;
}

export interface SessionRotation {
  subscriptionId: string;
  session: string;
  generation: number;
}

/** A subscription that may connect now. */
export interface Grant {
  kind: 'grant';
  subscriptionId: string;
  /** The proxy username (without targeting), for logs and sticky-session keys. */
  user: string;
  planType: PlanType;
  /** Concurrent connections allowed; 0 = unlimited (bandwidth plans). */
  threads: number;
  /** Bytes left; null = not sold by bandwidth. */
  remainingBytes: number | null;
  /**
   * The country chosen at purchase (ISO code) and whether it restricts exits (static plans) or is
   * only the default when neither the username nor the proxy config names one (pools). ADR 018.
   */
  purchaseCountry?: { code: string; locked: boolean };
  /** Defaults from the proxy config, used when the username names no targeting. */
  defaults: { country?: string; city?: string; isp?: string; session?: 'rotating' | 'sticky'; lifetime?: number };
}

/** A known subscription that may not connect; the reason is shown to the client. */
export interface Refusal {
  kind: 'refusal';
  reason: string;
}

export interface Remaining {
  remainingBytes: number | null;
  /** Still allowed at all (not expired, cancelled or hidden). */
  allowed: boolean;
}

/** One subscription's traffic in one hour through one exit country, as a gateway reports it. */
export interface MeteredHour {
  subscriptionId: string;
  /** Start of the hour the traffic belongs to. */
  hour: Date;
  /** Exit country ('' when the exit has none). */
  country: string;
  bytesIn: number;
  bytesOut: number;
  requests: number;
  failures: number;
}

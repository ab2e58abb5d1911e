import type { PlanType } from '@tollgate/contract/plans/plans';

/** Where a provider serves a plan's proxies (the built-in gateway's are the shop's own settings). */
export interface ProxyEndpoint {
  host: string;
  httpPort: number;
  socksPort: number;
}

/** What a subscription's proxies are delivered through (ADR 008): the built-in gateway or a reseller API. */
export interface ProxyBackend {
  readonly name: 'builtin' | 'upstream';
  /** Creates the plan behind a subscription; `ref` is what every later call names it by. */
  createPlan(input: {
    subscriptionId: string;
    planType: PlanType;
    country: string;
    bandwidthGb: number;
    threads: number;
    days: number;
    username: string;
    password: string;
  }): Promise<{ ref: string; username: string; password: string; endpoint?: ProxyEndpoint }>;
  /** `idempotencyKey` makes a retried change count once. */
  addBandwidth(ref: string, gb: number, idempotencyKey?: string): Promise<void>;
  removeBandwidth(ref: string, gb: number, idempotencyKey?: string): Promise<void>;
  /** The plan runs `days` longer (an expired one runs again for that long from now). */
  addDays(ref: string, days: number, idempotencyKey?: string): Promise<void>;
  addWhitelistIp(ref: string, ip: string): Promise<void>;
  removeWhitelistIp(ref: string, ip: string): Promise<void>;
  changePassword(ref: string, password: string): Promise<void>;
  /** Countries always; states and ISPs once a country is given; cities once a state is given too. */
  locations(
    planType: PlanType,
    query: { country?: string; state?: string },
  ): Promise<{ countries: string[]; states: string[]; cities: string[]; isps: string[] }>;
  /** remainingBytes is null for unmetered plans. */
  usage(ref: string): Promise<{ usedBytes: number; remainingBytes: number | null }>;
}

export const PROVIDER_UNAVAILABLE = 'The proxy provider is unavailable, please try again later';

/** These say our side is misconfigured or throttled, not that the customer asked for something wrong. */
const NOT_THE_CUSTOMERS_FAULT = new Set([401, 403, 407, 429]);

/** Whether an upstream status refuses the request itself (its reason is then the customer's to read). */
export const refusesTheRequest = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && !NOT_THE_CUSTOMERS_FAULT.has(status);

/**
 * A backend call that did not go through. `message` is safe to show the customer; `status` is the
 * upstream's HTTP status (null when none arrived: network, timeout, not configured); `detail` is for
 * logs. Neither ever contains the API key.
 */
export class ProxyBackendError extends Error {
  override readonly name = 'ProxyBackendError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly detail: string = message,
  ) {
    super(message);
  }

  /** The provider refused what was asked (an address it will not whitelist), rather than failing. */
  get refused(): boolean {
    return refusesTheRequest(this.status);
  }
}

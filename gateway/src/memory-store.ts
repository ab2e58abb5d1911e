import type { OwnServersInput } from '@tollgate/contract/proxies/own-servers';
import { DEFAULT_OWN_SERVERS, ownServersSchema } from '@tollgate/contract/proxies/own-servers';
import type { PlanType } from '@tollgate/contract/plans/plans';
import type { AccessStore, Grant, MeteredHour, Refusal, Remaining, SessionRotation } from './access';

export interface MemorySubscription {
  subscriptionId: string;
  user: string;
  password: string;
  planType: PlanType;
  threads: number;
  /** Bytes left; null = not sold by bandwidth. */
  remainingBytes: number | null;
  whitelist?: string[];
  /** Set to refuse with this reason (e.g. 'Plan expired'). */
  refusal?: string;
  defaults?: Grant['defaults'];
  purchaseCountry?: Grant['purchaseCountry'];
}

/**
 * An AccessStore held in memory: for gateway tests and the benchmark, where the shop's database
 * is not the thing being measured. Mutate `subscriptions` to simulate staff and customer changes.
 */
export function createMemoryStore(init: { subscriptions: MemorySubscription[]; exits?: OwnServersInput }) {
  const subscriptions = init.subscriptions;
  let exits = init.exits ? ownServersSchema.parse(init.exits) : DEFAULT_OWN_SERVERS;
  const reports: MeteredHour[] = [];
  const rotations = new Map<string, SessionRotation>();
  let lookups = 0;

  const answer = (sub: MemorySubscription | undefined): Grant | Refusal | null => {
    if (!sub) return null;
    if (sub.refusal) return { kind: 'refusal', reason: sub.refusal };
    return {
      kind: 'grant',
      subscriptionId: sub.subscriptionId,
      user: sub.user,
      planType: sub.planType,
      threads: sub.threads,
      remainingBytes: sub.remainingBytes,
      defaults: sub.defaults ?? {},
      ...(sub.purchaseCountry ? { purchaseCountry: sub.purchaseCountry } : {}),
    };
  };

  const store: AccessStore = {
    async byCredentials(user, password) {
      lookups += 1;
      return answer(subscriptions.find((s) => s.user === user && s.password === password));
    },
    async byIp(ip, user) {
      lookups += 1;
      return answer(subscriptions.find((s) => s.whitelist?.includes(ip) && (user === undefined || s.user === user)));
    },
    async report(usage) {
      const remaining = new Map<string, Remaining>();
      for (const row of usage) {
        reports.push(row);
        const sub = subscriptions.find((s) => s.subscriptionId === row.subscriptionId);
        if (!sub) continue;
        if (sub.remainingBytes !== null) sub.remainingBytes -= row.bytesIn + row.bytesOut;
      }
      for (const id of new Set(usage.map((u) => u.subscriptionId))) {
        const sub = subscriptions.find((s) => s.subscriptionId === id);
        remaining.set(id, { remainingBytes: sub ? sub.remainingBytes : 0, allowed: Boolean(sub && !sub.refusal) });
      }
      return remaining;
    },
    async exits() {
      return exits;
    },
    async rotations() {
      return [...rotations.values()];
    },
  };

  return {
    store,
    subscriptions,
    reports,
    /** Store lookups so far: tests check steady traffic is served from the cache. */
    lookups: () => lookups,
    /** What a rotation link does: the session's next generation, picked up with the exits. */
    rotate(subscriptionId: string, session: string) {
      const key = `${subscriptionId}:${session}`;
      const generation = (rotations.get(key)?.generation ?? 0) + 1;
      rotations.set(key, { subscriptionId, session, generation });
    },
    setExits(next: OwnServersInput) {
      exits = ownServersSchema.parse(next);
    },
    /** Bytes reported for a subscription (in + out). */
    reportedBytes(subscriptionId: string) {
      return reports
        .filter((r) => r.subscriptionId === subscriptionId)
        .reduce((sum, r) => sum + r.bytesIn + r.bytesOut, 0);
    },
  };
}

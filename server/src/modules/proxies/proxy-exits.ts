import type { PlanType } from '@tollgate/contract/plans/plans';
import { parseOwnServers, type OwnServers, type ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { exitsFor } from './location-offer';

export type ExitsOf = (type: PlanType) => ProxyExit[];

/** The OwnServers setting as read: `stamp` names its version; `value` is null when the stamp asked for is current. */
export interface OwnServersRead {
  stamp: string | null;
  value: unknown;
}

/**
 * The OwnServers exits, parsed once per version of the setting. Reads send the stamp of the copy
 * held here and get the value back only when it changed, so thousands of exits are neither sent nor
 * re-validated per request. An unset setting means direct egress for everything (the contract's
 * DEFAULT_OWN_SERVERS).
 */
export function createExitsCache() {
  let cached: { stamp: string | null; servers: OwnServers; byType: Map<PlanType, ProxyExit[]> } | null = null;

  return {
    /** The version held, to send with the next read; null before the first. */
    stamp: (): string | null => cached?.stamp ?? null,

    exitsOf(read: OwnServersRead): ExitsOf {
      if (!cached || cached.stamp !== read.stamp) {
        cached = { stamp: read.stamp, servers: parseOwnServers(read.value).servers, byType: new Map() };
      }
      const current = cached;
      return (type) => {
        let list = current.byType.get(type);
        if (!list) {
          list = exitsFor(current.servers, type);
          current.byType.set(type, list);
        }
        return list;
      };
    },
  };
}

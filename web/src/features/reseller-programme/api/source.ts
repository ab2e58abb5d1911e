import { createContext, useContext } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { BodyOf, PayloadOf } from '@tollgate/contract/endpoint';
import type { createResellerKey } from '@tollgate/contract/reseller/reseller-programme';
import type { PanelPlan, resellerPanelSubUser, SellablePlan } from '@tollgate/contract/reseller/reseller-panel';
import type {
  resellerCreateSubUser,
  resellerDeleteSubUserPlan,
  resellerSellSubUserPlan,
} from '@tollgate/contract/reseller/sub-users';
import { useCreateKey } from './programme.ts';
import { useCatalogue, useCreateSubUser, useDeletePlan, useSellPlan, useSubUser } from './sub-users.ts';

type PanelSubUser = PayloadOf<typeof resellerPanelSubUser>;
/** One sub-user as either area reads it: the reseller panel also names the traffic in bytes (ADR 044). */
export type SubUserDetail = Omit<PanelSubUser, 'usedBytes' | 'usedGb' | 'plans'> &
  Partial<Pick<PanelSubUser, 'usedBytes' | 'usedGb'>> & {
    plans: Array<Omit<PanelPlan, 'usedBytes'> & { usedBytes?: number }>;
  };
export type SellOrder = { body: BodyOf<typeof resellerSellSubUserPlan>; idempotencyKey: string };

/**
 * Where the reseller components read and write: the programme member's calls (the reseller API with
 * the session, ADR 042) or the reseller panel's (ADR 044). Each area provides one; the components are
 * the same. Every member is a hook, called unconditionally; a null answer is a thing the area lacks.
 */
export interface ResellerSource {
  useSubUser(id: string): UseQueryResult<SubUserDetail>;
  useCreateSubUser(): UseMutationResult<{ id: string }, Error, BodyOf<typeof resellerCreateSubUser>>;
  useSellPlan(subUserId: string): UseMutationResult<PayloadOf<typeof resellerSellSubUserPlan>, Error, SellOrder>;
  /** Ending a sold plan; null where the area does not offer it. */
  useDeletePlan(
    subUserId: string,
  ): UseMutationResult<PayloadOf<typeof resellerDeleteSubUserPlan>, Error, string> | null;
  /** The plans a sale may name (no trials); the terms' own filter is applied by the dialog. */
  useSellablePlans(): { plans: SellablePlan[] | undefined; isPending: boolean };
  useCreateKey(): UseMutationResult<PayloadOf<typeof createResellerKey>, Error, void>;
  /** Revoking the key without a new one; null where the area does not offer it. */
  useRevokeKey(): UseMutationResult<null, Error, void> | null;
}

/** The programme member's area (the customer app): the reseller API with the session alone. */
export const programmeSource: ResellerSource = {
  useSubUser,
  useCreateSubUser,
  useSellPlan,
  useDeletePlan,
  useSellablePlans() {
    const catalogue = useCatalogue();
    return { plans: catalogue.data?.plans.filter((plan) => !plan.trial), isPending: catalogue.isPending };
  },
  useCreateKey,
  useRevokeKey: () => null,
};

export const ResellerSourceContext = createContext<ResellerSource>(programmeSource);

export const useResellerSource = () => useContext(ResellerSourceContext);

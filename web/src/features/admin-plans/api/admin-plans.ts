import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminPlan,
  adminPlans,
  createPlan,
  deletePlan,
  hidePlan,
  planRenewalPreview,
  supportHidePlan,
  supportPlans,
  updatePlan,
  type PLAN_VISIBILITY,
  type PlanInput,
  type PlanType,
} from '@tollgate/contract/plans/plans';
import { call } from '#lib/api-client.ts';

type PlanVisibility = (typeof PLAN_VISIBILITY)[number];

export const PLANS_PAGE_SIZE = 20;
const plansKey = ['admin', 'plans'] as const;

export function useAdminPlans({ page, search, type }: { page: number; search: string; type: PlanType | '' }) {
  return useQuery({
    queryKey: [...plansKey, 'list', { page, search, type }],
    queryFn: ({ signal }) =>
      call(adminPlans, {
        query: { page, size: PLANS_PAGE_SIZE, search: search || undefined, type: type || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminPlan(planId: string) {
  return useQuery({
    queryKey: [...plansKey, 'one', planId],
    queryFn: ({ signal }) => call(adminPlan, { params: { planId }, signal }),
  });
}

/** Any change to a plan reloads the staff lists and the customers' catalogue. */
function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: plansKey }),
      queryClient.invalidateQueries({ queryKey: ['plans'] }),
    ]);
}

export function useSavePlan(planId?: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (body: PlanInput) =>
      planId ? call(updatePlan, { params: { planId }, body }) : call(createPlan, { body }),
    onSuccess: invalidate,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: (planId: string) => call(deletePlan, { params: { planId } }),
    onSuccess: invalidate,
  });
}

/**
 * Spec §4: hidden or shown with the value in the path (POST /admin/planhide/{hide|show}); the
 * support panel calls its own copy (/support/planhide, spec §6).
 */
export function useSetPlanVisibility(panel: 'admin' | 'support' = 'admin') {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ planId, value }: { planId: string; value: PlanVisibility }) =>
      call(panel === 'admin' ? hidePlan : supportHidePlan, { params: { value }, body: { id: planId } }),
    onSuccess: invalidate,
  });
}

/** The support panel's plans list (spec §6: plans list, hide plans); same paging as the admin list. */
export function useSupportPlans({ page, search, type }: { page: number; search: string; type: PlanType | '' }) {
  return useQuery({
    queryKey: [...plansKey, 'support', { page, search, type }],
    queryFn: ({ signal }) =>
      call(supportPlans, {
        query: { page, size: PLANS_PAGE_SIZE, search: search || undefined, type: type || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * What renewals of the plan as edited will cost, from the server's renewal code (ADR 016); a read,
 * so it is a query even though the fields travel in a POST body.
 */
export function usePlanRenewalPreview(input: PlanInput | null) {
  return useQuery({
    queryKey: [...plansKey, 'renewal-preview', input],
    queryFn: ({ signal }) => call(planRenewalPreview, { body: input!, signal }),
    placeholderData: keepPreviousData,
    enabled: input !== null,
  });
}

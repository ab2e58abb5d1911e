import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PLAN_EXPIRED } from '@tollgate/contract/subscriptions/subscriptions';
import { ApiError } from '#lib/api-client.ts';
import { paths } from '#lib/paths.ts';
import { notify } from '#lib/toast.ts';

export const isPlanExpired = (error: unknown): boolean => error instanceof ApiError && error.message === PLAN_EXPIRED;

/**
 * Spec §4: an expired-plan answer sends the customer to the dashboard. Returns a handler that
 * does that for 'Plan expired' and reports whether it did, so callers handle everything else.
 */
export function useLeaveExpiredPlan() {
  const navigate = useNavigate();
  return useCallback(
    (error: unknown): boolean => {
      if (!isPlanExpired(error)) return false;
      // One toast even when several calls (or StrictMode's second effect) report it.
      void notify('error', PLAN_EXPIRED, { toastId: PLAN_EXPIRED });
      void navigate(paths.dashboard, { replace: true });
      return true;
    },
    [navigate],
  );
}

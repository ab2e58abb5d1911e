import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { disableMfa, enableMfa, mfaStatus } from '@tollgate/contract/auth/two-factor';
import { mySessions, revokeSession } from '@tollgate/contract/profile/profile';
import { call } from '#lib/api-client.ts';
import { refreshCurrentUser } from '#lib/session.ts';

const mfaKey = ['profile', 'mfa'] as const;
const sessionsKey = ['profile', 'sessions'] as const;

/** Each load while off makes a new pending secret, so it is loaded once and reloaded only on purpose. */
export function useMfaStatus() {
  return useQuery({ queryKey: mfaKey, queryFn: ({ signal }) => call(mfaStatus, { signal }), staleTime: Infinity });
}

/** Two-factor changes end the other sessions and change the account: reload all three. */
function afterMfaChange(queryClient: QueryClient) {
  void refreshCurrentUser();
  void queryClient.invalidateQueries({ queryKey: sessionsKey });
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => call(enableMfa, { body: { totp } }),
    onSuccess: () => afterMfaChange(queryClient),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (totp: string) => call(disableMfa, { body: { totp } }),
    onSuccess: () => {
      afterMfaChange(queryClient);
      return queryClient.invalidateQueries({ queryKey: mfaKey });
    },
  });
}

/** Reloads the two-factor state once the backup codes have been put away, to show "Enabled". */
export function useReloadMfaStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mfaKey });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => call(mySessions, { signal }),
    select: (data) => data.sessions,
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(revokeSession, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useReloadSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsKey });
}

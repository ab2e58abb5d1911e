import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSettings,
  testProxyExit,
  updateSettings,
  type SettingsKey,
  type SettingsPayload,
} from '@tollgate/contract/admin/settings';
import { landing } from '@tollgate/contract/general/landing';
import type { ProxyExit } from '@tollgate/contract/proxies/own-servers';
import { call } from '#lib/api-client.ts';

const settingsKey = ['admin', 'settings'] as const;

export function useAdminSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => call(adminSettings, { signal }),
  });
}

/** PUT only the keys given; the answer is every setting again, which replaces the cached copy. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Record<SettingsKey, string>>) => call(updateSettings, { body }),
    onSuccess: (saved: SettingsPayload) => queryClient.setQueryData(settingsKey, saved),
  });
}

/** One real connection through an exit, as the gateway would make it. */
export function useTestExit() {
  return useMutation({ mutationFn: (exit: ProxyExit) => call(testProxyExit, { body: { exit } }) });
}

/** What the public site shows today: the defaults a cleared setting falls back to. */
export function useShownLanding() {
  return useQuery({
    queryKey: ['admin', 'settings', 'landing'],
    queryFn: ({ signal }) => call(landing, { signal, quiet: true }),
    staleTime: 60_000,
  });
}

/**
 * The copyright line the footer shows for `text`: itself, or the shop's default when empty (what
 * the public site shows while nothing is stored; otherwise only the year is known for sure).
 */
export function useShownCopyright(text: string, stored: string): string {
  const shown = useShownLanding();
  if (text.trim()) return text.trim();
  return (!stored.trim() && shown.data?.Copyright) || `© ${new Date().getFullYear()}`;
}

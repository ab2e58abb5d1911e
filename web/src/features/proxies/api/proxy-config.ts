import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@tollgate/contract/endpoint';
import { addWhitelistIp, myIp, removeWhitelistIp, updateProxyConfig } from '@tollgate/contract/proxies/proxies';
import { call } from '#lib/api-client.ts';
import { usePatchConfig } from './generator.ts';

export type ProxyConfigBody = BodyOf<typeof updateProxyConfig>;

export function useUpdateProxyConfig(subscriptionId: string) {
  const patchConfig = usePatchConfig(subscriptionId);
  return useMutation({
    mutationFn: (body: ProxyConfigBody) => call(updateProxyConfig, { params: { subscriptionId }, body }),
    onSuccess: (config) => patchConfig(config),
  });
}

export function useAddWhitelistIp(subscriptionId: string) {
  const patchConfig = usePatchConfig(subscriptionId);
  return useMutation({
    mutationFn: (ip: string) => call(addWhitelistIp, { params: { subscriptionId }, body: { ip } }),
    onSuccess: (whitelist) => patchConfig(whitelist),
  });
}

/** Asks the shop which address this browser comes from, then whitelists exactly that one. */
export function useAddMyIp(subscriptionId: string) {
  const patchConfig = usePatchConfig(subscriptionId);
  return useMutation({
    mutationFn: async () => {
      const { ip } = await call(myIp, {});
      return { ip, whitelist: await call(addWhitelistIp, { params: { subscriptionId }, body: { ip } }) };
    },
    onSuccess: ({ whitelist }) => patchConfig(whitelist),
  });
}

export function useRemoveWhitelistIp(subscriptionId: string) {
  const patchConfig = usePatchConfig(subscriptionId);
  return useMutation({
    mutationFn: (ip: string) => call(removeWhitelistIp, { params: { subscriptionId }, body: { ip } }),
    onSuccess: (whitelist) => patchConfig(whitelist),
  });
}

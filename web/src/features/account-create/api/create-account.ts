import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCreateAccount } from '@tollgate/contract/admin/account-actions';
import type { z } from 'zod';
import type { createAccountBodySchema } from '@tollgate/contract/admin/account-actions';
import { call } from '#lib/api-client.ts';

export type CreateAccountBody = z.output<typeof createAccountBodySchema>;

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => call(adminCreateAccount, { body }),
    // The accounts list and statistics now count one more.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

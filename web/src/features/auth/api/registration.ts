import { useMutation } from '@tanstack/react-query';
import { forgotPassword, register, resetPassword, type RegisterBody } from '@tollgate/contract/auth/registration';
import { call } from '#lib/api-client.ts';

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => call(register, { body }) });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (email: string) => call(forgotPassword, { body: { email } }) });
}

export function useResetPassword(token: string) {
  return useMutation({
    mutationFn: (password: string) => call(resetPassword, { params: { token }, body: { password } }),
  });
}

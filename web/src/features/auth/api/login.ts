import { useMutation } from '@tanstack/react-query';
import { login, type LoginBody } from '@tollgate/contract/auth/session';
import { call } from '#lib/api-client.ts';
import { settle, type SignInOutcome } from './start-session.ts';

/** Password sign-in; with two-factor on, the answer is a token for the code page instead. */
export async function signIn(body: LoginBody): Promise<SignInOutcome> {
  return settle(await call(login, { body }));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

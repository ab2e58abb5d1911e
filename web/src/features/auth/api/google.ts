import { useMutation, useQuery } from '@tanstack/react-query';
import { authProviders, googleSignIn } from '@tollgate/contract/auth/social';
import { call } from '#lib/api-client.ts';
import { settle, type SignInOutcome } from './start-session.ts';

/** Which sign-in providers the server has; quiet, since a failure only hides the Google button. */
export function useAuthProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => call(authProviders, { signal, quiet: true }),
    staleTime: Infinity,
    retry: false,
  });
}

export type GoogleOutcome = SignInOutcome | { conversionRequired: true; email: string };

export function useGoogleSignIn() {
  return useMutation({
    /** `acceptTerms` from the sign-up page, where the button says it accepts them; a new account needs it. */
    mutationFn: async ({
      credential,
      acceptTerms,
    }: {
      credential: string;
      acceptTerms: boolean;
    }): Promise<GoogleOutcome> => {
      const payload = await call(googleSignIn, { body: { credential, ...(acceptTerms ? { acceptTerms } : {}) } });
      return 'conversionRequired' in payload ? payload : settle(payload);
    },
  });
}

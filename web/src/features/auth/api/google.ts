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

export interface SignUpCodes {
  referralCode?: string;
  partnerCode?: string;
}

export type GoogleOutcome = SignInOutcome | { conversionRequired: true; email: string };

export function useGoogleSignIn() {
  return useMutation({
    /** `acceptTerms` from the sign-up page, where the button says it accepts them; a new account needs it. */
    mutationFn: async ({
      credential,
      acceptTerms,
      codes = {},
    }: {
      credential: string;
      acceptTerms: boolean;
      /** The referral code and partner the sign-up page carries (ADR 032, 036); used for a new account only. */
      codes?: SignUpCodes;
    }): Promise<GoogleOutcome> => {
      const payload = await call(googleSignIn, {
        body: {
          credential,
          ...(acceptTerms ? { acceptTerms } : {}),
          ...(codes.referralCode ? { referralCode: codes.referralCode } : {}),
          ...(codes.partnerCode ? { partnerCode: codes.partnerCode } : {}),
        },
      });
      return 'conversionRequired' in payload ? payload : settle(payload);
    },
  });
}

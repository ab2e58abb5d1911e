import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { googleSignIn } from '@tollgate/contract/auth/social';
import { Alert } from '#components/ui/alert.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { loadScript } from '#lib/load-script.ts';
import { paths } from '#lib/paths.ts';
import { useResolvedTheme } from '#lib/theme.ts';
import { useAuthProviders, useGoogleSignIn, type SignUpCodes } from '../api/google.ts';
import type { SignInOutcome } from '../api/start-session.ts';

const GSI_SRC = 'https://accounts.google.com/gsi/client';
const CONVERSION_REQUIRED =
  googleSignIn.messages?.conversionRequired ?? 'Check your email to link Google sign-in to your account';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        context?: 'signin' | 'signup';
      }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

/**
 * Google's own button, shown only when the server has a client id. Its credential goes to
 * /auth/google, which signs in, asks for a two-factor code, or mails a link to join accounts.
 */
export function GoogleSignIn({
  context,
  onSuccess,
  codes,
}: {
  context: 'signin' | 'signup';
  onSuccess: (outcome: SignInOutcome) => void;
  /** Sign-up: the `?ref=` and `?partner=` the page came with, kept for a Google sign-up too. */
  codes?: SignUpCodes;
}) {
  const { data } = useAuthProviders();
  const clientId = data?.googleClientId ?? null;
  const target = useRef<HTMLDivElement>(null);
  const theme = useResolvedTheme();
  const google = useGoogleSignIn();
  const mutate = useRef(google.mutate);
  mutate.current = google.mutate;
  const done = useRef(onSuccess);
  done.current = onSuccess;
  const signUpCodes = useRef(codes);
  signUpCodes.current = codes;

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadScript(GSI_SRC)
      .then(() => {
        const api = (window as Window & { google?: GoogleIdentity }).google;
        const element = target.current;
        if (cancelled || !api || !element) return;
        api.accounts.id.initialize({
          client_id: clientId,
          context,
          callback: ({ credential }) => {
            if (!credential) return;
            mutate.current(
              { credential, acceptTerms: context === 'signup', codes: signUpCodes.current ?? {} },
              {
                onSuccess: (outcome) => {
                  if (!('conversionRequired' in outcome)) done.current(outcome);
                },
              },
            );
          },
        });
        element.replaceChildren();
        api.accounts.id.renderButton(element, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'rectangular',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, element.clientWidth)),
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [clientId, context, theme]);

  if (!clientId) return null;
  const outcome = google.data;
  return (
    <div className="mt-6" data-testid="google-sign-in">
      <div className="mb-5 flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        or
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
      </div>
      <div ref={target} className="flex min-h-10 justify-center" />
      {context === 'signup' && (
        <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">
          By continuing with Google you accept the{' '}
          <Link to={paths.terms} target="_blank" rel="noopener" className="underline">
            Terms of Service
          </Link>{' '}
          and the{' '}
          <Link to={paths.acceptableUse} target="_blank" rel="noopener" className="underline">
            Acceptable Use Policy
          </Link>
          .
        </p>
      )}
      {google.isPending && <Spinner label="Signing in with Google" className="mt-3 flex justify-center" />}
      {outcome && 'conversionRequired' in outcome && (
        <Alert tone="info" className="mt-4">
          {CONVERSION_REQUIRED}
        </Alert>
      )}
      {google.error && <Alert className="mt-4">{errorMessage(google.error)}</Alert>}
    </div>
  );
}

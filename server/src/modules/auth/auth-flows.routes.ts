import {
  forgotPassword,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '@tollgate/contract/auth/registration';
import { authProviders, googleSignIn, verifyAccountConversion } from '@tollgate/contract/auth/social';
import { completeTwoFactorLogin, disableMfa, enableMfa, mfaStatus } from '@tollgate/contract/auth/two-factor';
import { answerSent } from '#platform/jobs/after-answer.ts';
import { AppError } from '#platform/http/errors.ts';
import { route, type Rationed } from '#platform/http/routes.ts';
import { clientMeta } from './client-meta';
import type { createGoogleService } from './google.service';
import type { createRegistrationService } from './registration.service';
import type { createTwoFactorService } from './two-factor.service';

/** Sign-up's refusals that name a taken username: found by the check, or by the unique index in a race. */
const TAKEN = new Set(['Username is already taken', 'Email or username is already taken']);

/**
 * Sign-up says a username is taken (ADR 046), at most 4 times per client address in 15 minutes;
 * then that address gets 429 for every sign-up until the window ends.
 */
const TAKEN_USERNAMES: Rationed = {
  name: 'sign-up-taken-username',
  max: 4,
  windowMs: 15 * 60_000,
  counts: (error) => error instanceof AppError && error.status === 400 && TAKEN.has(error.message),
};

export function authFlowRoutes(deps: {
  registration: ReturnType<typeof createRegistrationService>;
  twoFactor: ReturnType<typeof createTwoFactorService>;
  google: ReturnType<typeof createGoogleService>;
  publicUrl: string;
}) {
  const { registration, twoFactor, google, publicUrl } = deps;
  return [
    route(register, ({ body, request }) => registration.register(body, clientMeta(request, publicUrl)), {
      rationed: TAKEN_USERNAMES,
    }),
    route(verifyEmail, ({ params }) => registration.verify(params.token)),
    route(resendVerification, ({ body, request, reply }) =>
      registration.resend(body.email, clientMeta(request, publicUrl), answerSent(reply)),
    ),
    route(forgotPassword, ({ body, request, reply }) =>
      registration.forgotPassword(body.email, clientMeta(request, publicUrl), answerSent(reply)),
    ),
    route(resetPassword, ({ params, body }) => registration.resetPassword(params.token, body.password)),
    route(mfaStatus, ({ auth }) => twoFactor.status(auth.account)),
    route(enableMfa, ({ auth, body }) => twoFactor.enable(auth.account, body.totp, auth.sessionId)),
    route(disableMfa, ({ auth, body }) => twoFactor.disable(auth.account, body.totp, auth.sessionId)),
    route(completeTwoFactorLogin, ({ params, body, request }) =>
      twoFactor.completeSignIn(params.twoFactorToken, body.totp, clientMeta(request, publicUrl)),
    ),
    route(authProviders, async () => google.providers()),
    route(googleSignIn, async ({ body, request, useMessage }) => {
      const result = await google.signIn(body.credential, clientMeta(request, publicUrl), body.acceptTerms === true, {
        referralCode: body.referralCode,
        partnerCode: body.partnerCode,
      });
      if ('twoFactorToken' in result) useMessage('twoFactorRequired');
      if ('conversionRequired' in result) useMessage('conversionRequired');
      return result;
    }),
    route(verifyAccountConversion, ({ params }) => google.confirmConversion(params.token)),
  ];
}

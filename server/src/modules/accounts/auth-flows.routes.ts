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
import { route } from '#platform/http/routes.ts';
import { clientMeta } from './client-meta';
import type { createGoogleService } from './google.service';
import type { createRegistrationService } from './registration.service';
import type { createTwoFactorService } from './two-factor.service';

export function authFlowRoutes(deps: {
  registration: ReturnType<typeof createRegistrationService>;
  twoFactor: ReturnType<typeof createTwoFactorService>;
  google: ReturnType<typeof createGoogleService>;
  publicUrl: string;
}) {
  const { registration, twoFactor, google, publicUrl } = deps;
  return [
    route(register, ({ body, request }) => registration.register(body, clientMeta(request, publicUrl))),
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

import { authenticator } from 'otplib';

const STEP_SECONDS = 30;
authenticator.options = { step: STEP_SECONDS, window: 1, digits: 6 };

export const totp = {
  generateSecret: () => authenticator.generateSecret(20),
  keyUri: (accountName: string, issuer: string, secret: string) => authenticator.keyuri(accountName, issuer, secret),
  /**
   * The time step the code belongs to (one step of clock drift either way), or null when wrong.
   * Callers accept a step only if it is newer than the last one accepted, which stops replays.
   */
  matchStep(code: string, secret: string, now = Date.now()): number | null {
    const delta = authenticator.checkDelta(code, secret);
    if (delta === null) return null;
    return Math.floor(now / 1000 / STEP_SECONDS) + delta;
  },
};

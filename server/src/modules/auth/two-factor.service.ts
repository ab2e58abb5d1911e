import { randomBytes } from 'node:crypto';
import type { MfaStatus } from '@tollgate/contract/auth/two-factor';
import QRCode from 'qrcode';
import { oneTimeTokenStore } from '#platform/auth/one-time-tokens.ts';
import { sessionStore } from '#platform/auth/session-store.ts';
import { totp } from '#platform/auth/totp.ts';
import { AppError } from '#platform/http/errors.ts';
import { recordSecurityEvent } from '#platform/logs/security-events.ts';
import type { AuthDeps, ClientMeta } from './auth.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';
import type { SessionService } from './session.service';
import { checkSecondFactor, hashBackupCode, INVALID_CODE } from '#platform/auth/second-factor.ts';
import { recordSignIn } from './sign-in-events.repository';
import { twoFactorRepository } from '#platform/auth/two-factor.repository.ts';

export const SIGN_IN_EXPIRED = 'This sign-in has expired. Sign in again.';
const BACKUP_CODES = 10;

const newBackupCode = () => {
  const raw = randomBytes(8).toString('hex').slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

export function createTwoFactorService(deps: AuthDeps & { sessions: SessionService }) {
  return {
    async status(account: AccountRow): Promise<MfaStatus> {
      if (account.twoFactorEnabled) {
        return {
          enabled: true,
          backupCodesRemaining: await twoFactorRepository.remainingBackupCodes(deps.db, account.id),
        };
      }
      // The pending secret stays until two-factor is on, so a reload or a second tab shows the same QR code.
      let secret: string;
      if (account.totpPendingSecret) {
        secret = deps.sealer.open(account.totpPendingSecret);
      } else {
        secret = totp.generateSecret();
        await accountsRepository.update(deps.db, account.id, { totpPendingSecret: deps.sealer.seal(secret) });
      }
      const otpauthUrl = totp.keyUri(account.email, deps.config.SITE_NAME, secret);
      return {
        enabled: false,
        secret,
        otpauthUrl,
        qrCodeDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }),
      };
    },

    async enable(account: AccountRow, code: string, currentSessionId: string) {
      if (account.twoFactorEnabled) throw new AppError(400, 'Two-factor authentication is already on');
      if (!account.totpPendingSecret) throw new AppError(400, 'Start two-factor setup again');
      const step = /^\d{6}$/.test(code) ? totp.matchStep(code, deps.sealer.open(account.totpPendingSecret)) : null;
      if (step === null) throw new AppError(400, INVALID_CODE);
      const codes = Array.from({ length: BACKUP_CODES }, newBackupCode);
      const enabled = await deps.db.transaction(async (tx) => {
        if (!(await twoFactorRepository.enable(tx, account.id, account.totpPendingSecret!, step))) return false;
        await twoFactorRepository.replaceBackupCodes(tx, account.id, codes.map(hashBackupCode));
        return true;
      });
      if (!enabled) throw new AppError(400, 'Two-factor authentication is already on');
      const ended = await sessionStore.revokeAll(deps.db, account.id, currentSessionId);
      await recordSecurityEvent(deps.db, {
        accountId: account.id,
        kind: 'two_factor.enabled',
        detail: { otherSessionsEnded: ended },
      });
      await deps.mailer.send(deps.mail.twoFactorEnabled(account.email));
      return { backupCodes: codes };
    },

    async disable(account: AccountRow, code: string, currentSessionId: string) {
      if (!account.twoFactorEnabled) throw new AppError(400, 'Two-factor authentication is already off');
      if (!(await checkSecondFactor(deps, account, code))) throw new AppError(400, INVALID_CODE);
      await deps.db.transaction((tx) => twoFactorRepository.disable(tx, account.id));
      const ended = await sessionStore.revokeAll(deps.db, account.id, currentSessionId);
      await recordSecurityEvent(deps.db, {
        accountId: account.id,
        kind: 'two_factor.disabled',
        detail: { otherSessionsEnded: ended },
      });
      await deps.mailer.send(deps.mail.twoFactorDisabled(account.email));
      return null;
    },

    /** The second step of sign-in; five wrong codes burn the step token. */
    async completeSignIn(twoFactorToken: string, code: string, meta: ClientMeta) {
      const step = await oneTimeTokenStore.find(deps.db, 'two_factor_login', twoFactorToken);
      if (!step) throw new AppError(400, SIGN_IN_EXPIRED);
      const account = await accountsRepository.findById(deps.db, step.accountId);
      if (!account || !account.twoFactorEnabled) throw new AppError(400, SIGN_IN_EXPIRED);
      if (account.disabledAt) {
        await recordSignIn(deps.db, account.id, 'two_factor', 'disabled', meta);
        throw new AppError(400, SIGN_IN_EXPIRED);
      }
      if (!(await checkSecondFactor(deps, account, code))) {
        await recordSignIn(deps.db, account.id, 'two_factor', 'two_factor_failed', meta);
        await oneTimeTokenStore.countFailure(deps.db, step.id);
        deps.signInRefused?.('second_factor');
        throw new AppError(400, INVALID_CODE);
      }
      if (!(await oneTimeTokenStore.consume(deps.db, 'two_factor_login', twoFactorToken)))
        throw new AppError(400, SIGN_IN_EXPIRED);
      return deps.sessions.startSession(account, meta, 'two_factor');
    },
  };
}

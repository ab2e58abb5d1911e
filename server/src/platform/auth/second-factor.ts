import { createHash } from 'node:crypto';
import type { Sealer } from '#platform/auth/sealed.ts';
import { totp } from '#platform/auth/totp.ts';
import type { DbOrTx } from '#platform/db/client.ts';
import type { AccountRow } from '#platform/accounts/accounts.repository.ts';
import { twoFactorRepository } from './two-factor.repository';

export const INVALID_CODE = 'Invalid code. Enter the current code from your authenticator app.';

export const hashBackupCode = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/-/g, '')).digest('hex');

/**
 * A TOTP code for a step not yet used, or an unused backup code. Either is spent by checking it,
 * so one code confirms one thing (a sign-in, turning two-factor off, deleting the account).
 */
export async function checkSecondFactor(
  deps: { db: DbOrTx; sealer: Sealer },
  account: AccountRow,
  code: string,
): Promise<boolean> {
  if (/^\d{6}$/.test(code)) {
    if (!account.totpSecret) return false;
    const step = totp.matchStep(code, deps.sealer.open(account.totpSecret));
    return step !== null && (await twoFactorRepository.claimStep(deps.db, account.id, step));
  }
  return twoFactorRepository.useBackupCode(deps.db, account.id, hashBackupCode(code));
}

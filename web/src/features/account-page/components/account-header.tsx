import type { ReactNode } from 'react';
import type { SupportAccount } from '@tollgate/contract/admin/account-page';
import { Megaphone } from 'lucide-react';
import { Avatar } from '#components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '#components/ui/badge.tsx';
import { Card } from '#components/ui/card.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';

const ROLE_TONES: Record<SupportAccount['role'], BadgeTone> = {
  User: 'neutral',
  Administrator: 'brand',
  Manager: 'info',
  Support: 'warning',
};

/** The status of an account at a glance: what limits it and how it signs in. */
export function AccountBadges({ account }: { account: SupportAccount }) {
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Account status">
      <li>
        <Badge tone={ROLE_TONES[account.role]}>{account.role === 'User' ? 'Customer' : account.role}</Badge>
      </li>
      {account.disabled && (
        <li>
          <Badge tone="danger">Sign-in disabled</Badge>
        </li>
      )}
      <li>
        <Badge tone={account.emailVerified ? 'success' : 'warning'}>
          {account.emailVerified ? 'Verified' : 'Unverified'}
        </Badge>
      </li>
      {account.twoFactorEnabled && (
        <li>
          <Badge tone="success">2FA on</Badge>
        </li>
      )}
      {account.googleLinked && (
        <li>
          <Badge tone="info">Google linked</Badge>
        </li>
      )}
      {account.reseller === 1 && (
        <li>
          <Badge tone="info">Reseller API</Badge>
        </li>
      )}
    </ul>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="min-w-[7rem]">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums dark:text-white" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * Who the account is: avatar, name, email, badges and the key figures. Money (`balance`, `spent`)
 * only on the admin page; support never sees it.
 */
export function AccountHeader({
  account,
  money,
  actions,
}: {
  account: SupportAccount;
  money?: { balance: number; spent: number };
  actions?: ReactNode;
}) {
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-start gap-4">
        <Avatar name={account.username} src={account.avatarUrl} className="size-12 text-lg sm:size-16 sm:text-xl" />
        {/* At least 12rem for the name: on a phone the actions wrap below instead of squeezing it. */}
        <div className="min-w-[12rem] flex-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 dark:text-white">
            {account.username}
          </h1>
          <p className="mb-2 text-sm break-all text-slate-500 dark:text-slate-400">{account.email}</p>
          <AccountBadges account={account} />
        </div>
        {/* Own row on phones, so the actions menu opens to the right of its button there. */}
        {actions && <div className="flex w-full flex-wrap gap-2 sm:w-auto">{actions}</div>}
      </div>
      <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3 border-t border-slate-100 pt-4 dark:border-slate-800">
        {money && <Figure label="Balance" value={formatBalance(money.balance)} testId="account-balance" />}
        {money && <Figure label="Spent" value={formatBalance(money.spent)} />}
        <Figure label="Active plans" value={account.activePlans} />
        <Figure label="Joined" value={formatDate(account.createdAt)} />
        <Figure label="Last seen" value={account.lastSeenAt ? formatDate(account.lastSeenAt, '24h') : 'Never'} />
      </dl>
      {account.disabled && account.disabledAt && (
        <p className="mt-4 text-sm text-red-700 dark:text-red-300">
          Sign-in disabled since {formatDate(account.disabledAt, '24h')}: sessions and proxy access are stopped.
        </p>
      )}
      {account.message && (
        <div className="mt-4 flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          <Megaphone className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-medium">Notice shown to the customer: </span>
            <span className="break-words whitespace-pre-line">{account.message}</span>
          </p>
        </div>
      )}
    </Card>
  );
}

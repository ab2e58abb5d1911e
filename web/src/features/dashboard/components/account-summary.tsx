import type { ReactNode } from 'react';
import { CalendarClock, MailCheck, MailWarning, ShieldCheck, ShieldOff, Wallet, type LucideIcon } from 'lucide-react';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { Badge } from '#components/ui/badge.tsx';
import { Card } from '#components/ui/card.tsx';
import { formatBalance, formatDate } from '#lib/format.ts';

function Stat({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <Card className="flex items-start gap-4 p-5">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-500 dark:text-slate-400">{label}</p>
        <div className="mt-1">{children}</div>
      </div>
    </Card>
  );
}

export function AccountSummary({ user }: { user: CurrentUser }) {
  return (
    <section aria-label="Account summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <Stat icon={Wallet} label="Balance">
        <p className="text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">
          {formatBalance(user.balance)}
        </p>
      </Stat>
      <Stat icon={user.emailVerified ? MailCheck : MailWarning} label="Email">
        <p className="truncate text-sm font-medium text-slate-900 dark:text-white" title={user.email}>
          {user.email}
        </p>
        <Badge tone={user.emailVerified ? 'success' : 'warning'} className="mt-1.5">
          {user.emailVerified ? 'Verified' : 'Not verified'}
        </Badge>
      </Stat>
      <Stat icon={user.twoFactorEnabled ? ShieldCheck : ShieldOff} label="Two-factor authentication">
        <Badge tone={user.twoFactorEnabled ? 'success' : 'neutral'}>{user.twoFactorEnabled ? 'Enabled' : 'Off'}</Badge>
      </Stat>
      <Stat icon={CalendarClock} label="Member since">
        <p className="text-lg font-semibold text-slate-900 dark:text-white">{formatDate(user.createdAt)}</p>
      </Stat>
    </section>
  );
}

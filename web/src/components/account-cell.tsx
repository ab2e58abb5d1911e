/** A staff list's Customer cell: the account's username over its email. */
export function AccountCell({ account }: { account: { username: string; email: string } }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900 dark:text-white">{account.username}</p>
      <p className="truncate text-xs text-slate-500 dark:text-slate-400">{account.email}</p>
    </div>
  );
}

import { useState } from 'react';
import { Search, UserRound } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useAccountSearch } from '../api/admin-coupons.ts';

export interface PickedAccount {
  id: string;
  username?: string;
  email?: string;
}

/** Finds the one account a personal code belongs to, by username or email. */
export function AccountPicker({
  account,
  error,
  onChange,
}: {
  account: PickedAccount | null;
  error?: string;
  onChange: (account: PickedAccount | null) => void;
}) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const results = useAccountSearch(search);

  if (account) {
    return (
      <div>
        <p className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Account</p>
        <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-700">
          <div className="flex min-w-0 items-center gap-2">
            <UserRound className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <div className="min-w-0" data-testid="picked-account">
              <p className="truncate text-sm font-medium text-slate-900 dark:text-white">
                {account.username ?? 'Account'}
              </p>
              <p className="truncate text-xs text-slate-500 dark:text-slate-400">{account.email ?? account.id}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" onClick={() => onChange(null)}>
            Change
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Input
        type="search"
        label="Account"
        placeholder="Search by username or email"
        leading={<Search className="size-4" aria-hidden="true" />}
        value={text}
        error={error}
        hint="The only account that may use this code."
        onChange={(event) => setText(event.target.value)}
      />
      {search.length >= 2 &&
        (results.isPending ? (
          <Spinner label="Searching accounts" />
        ) : results.data && results.data.length > 0 ? (
          <ul
            aria-label="Matching accounts"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-700"
          >
            {results.data.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onChange({ id: item.id, username: item.username, email: item.email })}
                  className="flex w-full flex-col items-start px-3 py-2 text-left hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <span className="text-sm font-medium text-slate-900 dark:text-white">{item.username}</span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">{item.email}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">No account matches “{search}”.</p>
        ))}
    </div>
  );
}

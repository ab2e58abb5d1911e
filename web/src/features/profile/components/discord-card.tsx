import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Link2, Unlink } from 'lucide-react';
import { linkDiscord, unlinkDiscord } from '@tollgate/contract/profile/profile';
import { SocialIcon } from '#components/social-icon.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useOnce } from '#lib/use-once.ts';
import { linkDiscordAccount, useDiscordStatus, useUnlinkDiscord } from '../api/account.ts';

/**
 * Discord sends the browser back to /my-profile?code=…&state=…: the code is exchanged once, then
 * the query leaves the address bar so a reload does not replay it.
 */
function useDiscordReturn(): boolean {
  const [search, setSearch] = useSearchParams();
  const code = search.get('code');
  const state = search.get('state');
  const key = code && state ? `discord:${code}` : null;
  const client = useQueryClient();
  const outcome = useOnce(key, () => linkDiscordAccount(client, code ?? '', state ?? ''));
  useEffect(() => {
    if (outcome.status === 'pending') return;
    if (outcome.status === 'success') void notify('success', linkDiscord.message, { toastId: key ?? undefined });
    else void notify('error', errorMessage(outcome.error), { toastId: key ?? undefined });
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('code');
        next.delete('state');
        return next;
      },
      { replace: true },
    );
  }, [outcome, key, setSearch]);
  return key !== null && outcome.status === 'pending';
}

export function DiscordCard() {
  const linking = useDiscordReturn();
  const status = useDiscordStatus(!linking);
  const unlink = useUnlinkDiscord();
  const data = status.data;

  let body;
  if (linking || (!data && status.isPending)) {
    body = <Spinner label={linking ? 'Linking your Discord account' : 'Loading'} />;
  } else if (!data) {
    body = <ErrorState error={status.error} onRetry={() => void status.refetch()} className="py-6" />;
  } else if (!data.configured) {
    body = <p className="text-sm text-slate-500 dark:text-slate-400">Discord linking is not available right now.</p>;
  } else if (data.linked) {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Linked as <span className="font-semibold text-slate-900 dark:text-white">{data.username}</span>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unlink.isPending}
          onClick={() =>
            unlink.mutate(undefined, {
              onSuccess: () => void notify('success', unlinkDiscord.message),
              onError: (error) => void notify('error', errorMessage(error)),
            })
          }
        >
          {unlink.isPending ? <Spinner label="Unlinking" /> : <Unlink className="size-4" aria-hidden="true" />}
          Unlink
        </Button>
      </div>
    );
  } else {
    body = (
      <a href={data.authorizeUrl ?? undefined} className={buttonClass('primary', 'sm')}>
        <Link2 className="size-4" aria-hidden="true" />
        Connect Discord
      </a>
    );
  }

  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <SocialIcon social="Discord" className="size-4 text-[#5865F2]" />
            Discord
          </span>
        }
        description="Link your account to get the customer role in our community."
        action={data?.linked ? <Badge tone="success">Linked</Badge> : undefined}
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

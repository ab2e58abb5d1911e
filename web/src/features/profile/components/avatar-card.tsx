import type { ChangeEvent } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { AVATAR_TYPES } from '@tollgate/contract/profile/profile';
import type { CurrentUser } from '@tollgate/contract/auth/session';
import { Avatar } from '#components/ui/avatar.tsx';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { cn } from '#lib/cn.ts';
import { notify } from '#lib/toast.ts';
import { useDeleteAvatar, useUploadAvatar } from '../api/account.ts';
import {
  AVATAR_HINT,
  AVATAR_MESSAGES,
  avatarDeleteError,
  avatarUploadError,
  checkAvatarFile,
} from '#lib/avatar-messages.ts';

export function AvatarCard({ user }: { user: CurrentUser }) {
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const busy = upload.isPending || remove.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const refused = checkAvatarFile(file);
    if (refused) {
      void notify('error', refused);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => void notify('success', AVATAR_MESSAGES.updated),
      onError: (error) => void notify('error', avatarUploadError(error)),
    });
  };

  const deleteAvatar = () =>
    remove.mutate(undefined, {
      onSuccess: () => void notify('success', AVATAR_MESSAGES.deleted),
      onError: (error) => void notify('error', avatarDeleteError(error)),
    });

  return (
    <Card>
      <CardHeader title="Avatar" description="Shown on your account and in support tickets." />
      <CardBody className="flex flex-col items-center gap-4 text-center">
        <div className="relative">
          <Avatar name={user.username} src={user.avatarUrl} className="size-24 text-2xl" />
          {busy && (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70 dark:bg-slate-900/70">
              <Spinner label={upload.isPending ? 'Uploading avatar' : 'Removing avatar'} />
            </span>
          )}
        </div>
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 dark:text-white">{user.username}</p>
          <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <label
            className={cn(
              buttonClass('outline', 'sm'),
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <input
              type="file"
              accept={AVATAR_TYPES.join(',')}
              className="sr-only"
              onChange={pick}
              disabled={busy}
              data-testid="avatar-file"
            />
            <ImageUp className="size-4" aria-hidden="true" />
            Upload photo
          </label>
          {user.avatarUrl && (
            <Button variant="ghost" size="sm" onClick={deleteAvatar} disabled={busy}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{AVATAR_HINT}</p>
      </CardBody>
    </Card>
  );
}

import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  Ban,
  CheckCircle2,
  ImageMinus,
  ImageUp,
  KeyRound,
  MailCheck,
  MailWarning,
  Pencil,
  PlusCircle,
  ShieldOff,
  Trash2,
  Unlink,
  Wallet,
} from 'lucide-react';
import { adminDisableAccount, adminEnableAccount } from '@tollgate/contract/admin/account-actions';
import type { AdminAccount } from '@tollgate/contract/admin/account-page';
import { DeleteAccountDialog } from '#components/staff-delete-account-dialog.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { AVATAR_MESSAGES, avatarDeleteError, avatarUploadError, checkAvatarFile } from '#lib/avatar-messages.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { staffPaths } from '#lib/staff-paths.ts';
import { notify } from '#lib/toast.ts';
import {
  ADMIN_SIMPLE_ACTIONS,
  useAdminSimpleAction,
  useDeleteAvatar,
  useSetAccess,
  useUpdateAvatar,
  type AdminSimpleAction,
} from '../api/admin-actions.ts';
import { accountBalancePath, adminAddSubscriptionPath, editAccountPath } from '../utils/account-paths.ts';
import { ActionsMenu, type MenuItem } from './actions-menu.tsx';
import { ReasonDialog } from '#components/reason-dialog.tsx';

/** What each confirmed action says before it changes how the customer gets in. */
const CONFIRMS: Partial<Record<AdminSimpleAction | 'deleteAvatar', { title: string; text: string; label: string }>> = {
  reverify: {
    title: 'Re-send verification?',
    text: 'The email is marked unverified and a new verification mail goes out; the customer must click it again.',
    label: 'Re-send verification',
  },
  removeGoogle: {
    title: 'Remove Google sign-in?',
    text: 'The customer can no longer sign in with Google until they link it again.',
    label: 'Remove Google',
  },
  disableTwoFactor: {
    title: 'Disable two-factor authentication?',
    text: 'The authenticator and backup codes stop working; the customer signs in with the password alone.',
    label: 'Disable 2FA',
  },
  deleteAvatar: {
    title: 'Remove the avatar?',
    text: 'The picture is deleted; the account shows its initials instead.',
    label: 'Remove avatar',
  },
};
type Confirmed = keyof typeof CONFIRMS;

/** The account page's actions menu: links to the edit screens and every audited one-click action. */
export function AdminAccountActions({ account, isSelf }: { account: AdminAccount; isSelf: boolean }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'access' | 'delete' | null>(null);
  const { confirm, dialog: question } = useConfirm();
  const file = useRef<HTMLInputElement>(null);
  const simple = useAdminSimpleAction(account.id);
  const access = useSetAccess(account.id);
  const upload = useUpdateAvatar(account.id);
  const removeAvatar = useDeleteAvatar(account.id);
  const close = () => setDialog(null);

  const run = (action: AdminSimpleAction) =>
    simple.mutate(action, {
      onSuccess: () => void notify('success', ADMIN_SIMPLE_ACTIONS[action].message),
      onError: (error) => void notify('error', errorMessage(error)),
    });

  // Asks first; the change runs in the dialog, which keeps a refusal for another try.
  const ask = async (which: Confirmed) => {
    const { title, text, label } = CONFIRMS[which]!;
    const asked = { title, description: text, confirmLabel: label };
    if (which === 'deleteAvatar') {
      const done = await confirm({ ...asked, action: () => removeAvatar.mutateAsync(), failure: avatarDeleteError });
      if (done) void notify('success', AVATAR_MESSAGES.deleted);
      return;
    }
    if (await confirm({ ...asked, action: () => simple.mutateAsync(which) }))
      void notify('success', ADMIN_SIMPLE_ACTIONS[which].message);
  };

  const pickAvatar = (picked: File | undefined) => {
    if (file.current) file.current.value = '';
    if (!picked) return;
    const problem = checkAvatarFile(picked);
    if (problem) return void notify('error', problem);
    upload.mutate(picked, {
      onSuccess: () => void notify('success', AVATAR_MESSAGES.updated),
      onError: (error) => void notify('error', avatarUploadError(error)),
    });
  };

  const items: MenuItem[] = [
    { kind: 'link', label: 'Edit account', icon: Pencil, to: editAccountPath(account.id) },
    { kind: 'link', label: 'Change balance', icon: Wallet, to: accountBalancePath(account.id) },
    { kind: 'link', label: 'Add subscription', icon: PlusCircle, to: adminAddSubscriptionPath(account.id) },
    { kind: 'separator', key: 'sign-in' },
    account.emailVerified
      ? { kind: 'action', label: 'Re-send verification', icon: MailWarning, onSelect: () => void ask('reverify') }
      : { kind: 'action', label: 'Verify email', icon: MailCheck, onSelect: () => run('verify') },
    { kind: 'action', label: 'Send password reset link', icon: KeyRound, onSelect: () => run('passwordLink') },
  ];
  if (account.googleLinked)
    items.push({
      kind: 'action',
      label: 'Remove Google sign-in',
      icon: Unlink,
      onSelect: () => void ask('removeGoogle'),
    });
  if (account.twoFactorEnabled)
    items.push({
      kind: 'action',
      label: 'Disable 2FA',
      icon: ShieldOff,
      onSelect: () => void ask('disableTwoFactor'),
    });
  items.push(
    { kind: 'separator', key: 'avatar' },
    { kind: 'action', label: 'Change avatar', icon: ImageUp, onSelect: () => file.current?.click() },
  );
  if (account.avatarUrl)
    items.push({ kind: 'action', label: 'Remove avatar', icon: ImageMinus, onSelect: () => void ask('deleteAvatar') });
  // Nobody disables or deletes themselves (the server refuses too).
  if (!isSelf)
    items.push(
      { kind: 'separator', key: 'danger' },
      account.disabled
        ? { kind: 'action', label: 'Enable sign-in', icon: CheckCircle2, onSelect: () => setDialog('access') }
        : { kind: 'action', label: 'Disable sign-in', icon: Ban, danger: true, onSelect: () => setDialog('access') },
      { kind: 'action', label: 'Delete account', icon: Trash2, danger: true, onSelect: () => setDialog('delete') },
    );

  return (
    <>
      <ActionsMenu label="Actions" items={items} />
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-label="Avatar image"
        data-testid="admin-avatar-file"
        onChange={(event) => pickAvatar(event.target.files?.[0])}
      />
      {question}
      {dialog === 'access' && (
        <ReasonDialog
          open
          title={
            account.disabled ? `Enable sign-in for ${account.username}?` : `Disable sign-in for ${account.username}?`
          }
          description={
            account.disabled
              ? 'The customer can sign in and use their proxies again.'
              : 'Every session ends now and the proxies stop within seconds. Nothing is deleted.'
          }
          confirmLabel={account.disabled ? 'Enable sign-in' : 'Disable sign-in'}
          danger={!account.disabled}
          busy={access.isPending}
          onClose={close}
          onConfirm={(reason, fail) =>
            access.mutate(
              { enable: account.disabled, reason },
              {
                onSuccess: () => {
                  void notify('success', account.disabled ? adminEnableAccount.message : adminDisableAccount.message);
                  close();
                },
                onError: fail,
              },
            )
          }
        />
      )}
      <DeleteAccountDialog
        account={dialog === 'delete' ? account : null}
        onClose={close}
        onDeleted={() => void navigate(staffPaths.admin.accounts)}
      />
    </>
  );
}

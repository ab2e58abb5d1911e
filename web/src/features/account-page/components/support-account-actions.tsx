import { Link } from 'react-router';
import { KeyRound, MailCheck, MailWarning, PlusCircle, ShieldOff, Unlink } from 'lucide-react';
import type { SupportAccount } from '@tollgate/contract/admin/account-page';
import { Button, buttonClass } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { SUPPORT_ACTIONS, useSupportAction, type SupportAction } from '../api/support-account.ts';
import { supportAddSubscriptionPath } from '../utils/account-paths.ts';

const CONFIRMS: Partial<Record<SupportAction, { title: string; text: string }>> = {
  reverify: {
    title: 'Re-send verification?',
    text: 'The email is marked unverified and a new verification mail goes out; the customer must click it again.',
  },
  removeGoogle: {
    title: 'Remove Google sign-in?',
    text: 'The customer can no longer sign in with Google until they link it again.',
  },
  disableTwoFactor: {
    title: 'Disable two-factor authentication?',
    text: 'The authenticator and backup codes stop working; the customer signs in with the password alone.',
  },
};
const LABELS: Record<SupportAction, string> = {
  verify: 'Verify email',
  reverify: 'Re-send verification',
  removeGoogle: 'Remove Google sign-in',
  disableTwoFactor: 'Disable 2FA',
  passwordLink: 'Send password reset link',
};

/** What support may do for a customer (spec §6): sign-in help and a trial plan, never money. */
export function SupportAccountActions({ account }: { account: SupportAccount }) {
  const action = useSupportAction(account.id);
  const { confirm, dialog } = useConfirm();
  const run = (which: SupportAction) =>
    action.mutate(which, {
      onSuccess: () => void notify('success', SUPPORT_ACTIONS[which].message),
      onError: (error) => void notify('error', errorMessage(error)),
    });
  // The confirmed ones run in the dialog, which keeps a refusal for another try.
  const start = async (which: SupportAction) => {
    const question = CONFIRMS[which];
    if (!question) return run(which);
    const done = await confirm({
      title: question.title,
      description: question.text,
      confirmLabel: LABELS[which],
      action: () => action.mutateAsync(which),
    });
    if (done) void notify('success', SUPPORT_ACTIONS[which].message);
  };
  const available: SupportAction[] = [
    account.emailVerified ? 'reverify' : 'verify',
    'passwordLink',
    ...(account.googleLinked ? (['removeGoogle'] as const) : []),
    ...(account.twoFactorEnabled ? (['disableTwoFactor'] as const) : []),
  ];
  const icons = {
    verify: MailCheck,
    reverify: MailWarning,
    passwordLink: KeyRound,
    removeGoogle: Unlink,
    disableTwoFactor: ShieldOff,
  };

  return (
    <Card>
      <CardHeader title="Help this customer" description="Every action is recorded in the audit log." />
      <CardBody className="flex flex-wrap gap-2">
        {available.map((which) => {
          const Icon = icons[which];
          const busy = action.isPending && action.variables === which;
          return (
            <Button
              key={which}
              variant="outline"
              size="sm"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => void start(which)}
            >
              <Icon className="size-4" aria-hidden="true" />
              {LABELS[which]}
            </Button>
          );
        })}
        <Link to={supportAddSubscriptionPath(account.id)} className={buttonClass('primary', 'sm')}>
          <PlusCircle className="size-4" aria-hidden="true" />
          Add trial plan
        </Link>
      </CardBody>
      {dialog}
    </Card>
  );
}

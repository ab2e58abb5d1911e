import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { disableMfa } from '@tollgate/contract/auth/two-factor';
import { totpSchema } from '@tollgate/contract/auth/tokens';
import { CodeInput } from '#components/code-input.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useDisableMfa, useMfaStatus, useReloadMfaStatus } from '../api/security.ts';
import { BackupCodes } from './backup-codes.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

function DisableForm({ backupCodesRemaining }: { backupCodesRemaining: number }) {
  const form = useForm({ totp: '' });
  const disable = useDisableMfa();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const totp = form.checkField('totp', totpSchema);
    if (totp === undefined) return;
    disable.mutate(totp, {
      onSuccess: () => void notify('success', disableMfa.message),
      onError: form.fail,
    });
  };
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
        <ShieldCheck className="size-5 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        <span>
          Sign-ins ask for a code from your app.{' '}
          <span data-testid="backup-codes-remaining">{backupCodesRemaining}</span> backup codes left.
        </span>
      </div>
      <form noValidate onSubmit={submit} aria-label="Turn off two-factor" className="space-y-3 sm:max-w-xs">
        {form.formError && <Alert>{form.formError}</Alert>}
        <CodeInput label="Code or backup code to turn it off" {...form.field('totp')} />
        <Button type="submit" variant="danger" disabled={disable.isPending}>
          {disable.isPending && <Spinner label="Turning off" className="[&_svg]:text-white" />}
          Turn off two-factor
        </Button>
      </form>
    </div>
  );
}

export function TwoFactorCard() {
  const status = useMfaStatus();
  const [backupCodes, setBackupCodes] = useState<string[] | null>(null);
  const reloadMfaStatus = useReloadMfaStatus();
  const enabled = backupCodes !== null || status.data?.enabled === true;

  let body;
  if (backupCodes) {
    body = (
      <BackupCodes
        codes={backupCodes}
        onDone={() => {
          setBackupCodes(null);
          void reloadMfaStatus();
        }}
      />
    );
  } else if (status.data?.enabled) {
    body = <DisableForm backupCodesRemaining={status.data.backupCodesRemaining} />;
  } else if (status.data) {
    body = <TwoFactorSetup {...status.data} onEnabled={setBackupCodes} />;
  } else if (status.error) {
    body = <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  } else {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label="Loading two-factor status" />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="A code from your phone on every sign-in, on top of your password."
        action={
          status.data || backupCodes ? (
            <Badge tone={enabled ? 'success' : 'neutral'}>{enabled ? 'Enabled' : 'Off'}</Badge>
          ) : undefined
        }
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

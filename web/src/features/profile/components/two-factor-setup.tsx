import type { FormEvent } from 'react';
import { Copy } from 'lucide-react';
import { enableMfa } from '@tollgate/contract/auth/two-factor';
import { totpSchema } from '@tollgate/contract/auth/tokens';
import { CodeInput } from '#components/code-input.tsx';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useEnableMfa } from '../api/security.ts';
import { copyText } from '#lib/clipboard.ts';

/** Scan (or type) the secret, then prove it with a first code. */
export function TwoFactorSetup({
  secret,
  qrCodeDataUrl,
  onEnabled,
}: {
  secret: string;
  qrCodeDataUrl: string;
  onEnabled: (backupCodes: string[]) => void;
}) {
  const form = useForm({ totp: '' });
  const enable = useEnableMfa();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const totp = form.checkField('totp', totpSchema);
    if (totp === undefined) return;
    enable.mutate(totp, {
      onSuccess: ({ backupCodes }) => {
        void notify('success', enableMfa.message);
        onEnabled(backupCodes);
      },
      onError: form.fail,
    });
  };

  return (
    <div className="grid gap-6 md:grid-cols-[auto_1fr]">
      <div className="flex justify-center">
        <img
          src={qrCodeDataUrl}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="size-44 rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-700"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-400">
          <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</li>
          <li>Or enter this key by hand:</li>
        </ol>
        <div className="flex items-center gap-2">
          <code
            className="min-w-0 flex-1 rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-800 dark:bg-slate-800 dark:text-slate-100"
            data-testid="mfa-secret"
          >
            {secret}
          </code>
          <Button variant="ghost" size="icon" aria-label="Copy key" onClick={() => void copyText(secret, 'Key')}>
            <Copy className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <form noValidate onSubmit={submit} aria-label="Turn on two-factor" className="space-y-3">
          {form.formError && <Alert>{form.formError}</Alert>}
          <CodeInput label="Code from the app" {...form.field('totp')} />
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending && <Spinner label="Turning on" className="[&_svg]:text-white" />}
            Turn on two-factor
          </Button>
        </form>
      </div>
    </div>
  );
}

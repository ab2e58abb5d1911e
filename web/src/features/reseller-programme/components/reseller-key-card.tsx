import { useState } from 'react';
import { Ban, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { API_KEY_REVOKED } from '@tollgate/contract/reseller/reseller-panel';
import { createResellerKey, type ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { copyText } from '#lib/clipboard.ts';
import { errorMessage } from '#lib/form-errors.ts';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useResellerSource } from '../api/source.ts';

/**
 * The reseller API key's status; creating or replacing it shows the key once, here, in component
 * state only (never in storage or the query cache): the server keeps only its hash (ADR 042).
 */
export function ResellerKeyCard({ apiKey }: { apiKey: ResellerDashboard['apiKey'] }) {
  const source = useResellerSource();
  const create = source.useCreateKey();
  // The reseller panel may also revoke it without a new one (ADR 044); the programme page replaces only.
  const revoke = source.useRevokeKey();
  const { confirm, dialog } = useConfirm();
  const [shown, setShown] = useState<string | null>(null);

  const run = () =>
    create.mutate(undefined, {
      onSuccess: (result) => {
        setShown(result.apiKey);
        void notify('success', createResellerKey.message);
      },
    });
  // Both ask first and run in the dialog, which keeps a refusal for another try.
  const replace = async () => {
    let created: string | null = null;
    const done = await confirm({
      title: 'Replace the API key?',
      description:
        'The current key stops working at once: your integration needs the new key, which is shown only once.',
      confirmLabel: 'Replace key',
      action: async () => {
        created = (await create.mutateAsync()).apiKey;
      },
    });
    // A refusal left in the dialog is not the card's to show.
    if (!done) return create.reset();
    setShown(created);
    void notify('success', createResellerKey.message);
  };
  const revokeKey = async () => {
    if (!revoke) return;
    const done = await confirm({
      title: 'Revoke the API key?',
      description: 'It stops working at once and the reseller API refuses your integration until you create a new key.',
      confirmLabel: 'Revoke key',
      action: () => revoke.mutateAsync(),
    });
    if (!done) return revoke.reset();
    setShown(null);
    void notify('success', API_KEY_REVOKED);
  };

  return (
    <Card>
      <CardHeader
        title="Reseller API key"
        description="Your integration sends it as x-api-key with your bearer token. This page never needs it."
        action={
          apiKey ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void replace()}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Replace key
              </Button>
              {revoke && (
                <Button variant="ghost-danger" onClick={() => void revokeKey()}>
                  <Ban className="size-4" aria-hidden="true" />
                  Revoke key
                </Button>
              )}
            </div>
          ) : (
            <Button onClick={run} disabled={create.isPending}>
              {create.isPending ? (
                <Spinner label="Creating" className="[&_svg]:text-white" />
              ) : (
                <KeyRound className="size-4" aria-hidden="true" />
              )}
              Create key
            </Button>
          )
        }
      />
      <CardBody className="space-y-4">
        {shown && (
          <div className="space-y-3 rounded-lg border border-amber-300 p-4 dark:border-amber-700">
            <p className="text-sm text-slate-700 dark:text-slate-200" role="status">
              Copy this key now: it is not shown again. If it is lost, replace it.
            </p>
            <code
              data-testid="reseller-api-key"
              className="block rounded-lg bg-slate-50 p-3 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-950 dark:text-slate-100"
            >
              {shown}
            </code>
            <div className="flex flex-wrap gap-3">
              <Button onClick={() => void copyText(shown, 'API key')}>
                <Copy className="size-4" aria-hidden="true" />
                Copy key
              </Button>
              <Button variant="ghost" onClick={() => setShown(null)}>
                I have copied it
              </Button>
            </div>
          </div>
        )}
        {!apiKey && create.error && <Alert>{errorMessage(create.error)}</Alert>}
        {apiKey ? (
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Key starts with</dt>
              <dd className="font-mono text-slate-900 dark:text-white" data-testid="reseller-key-prefix">
                {apiKey.prefix}…
              </dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Created</dt>
              <dd className="text-slate-900 dark:text-white">{formatDate(apiKey.createdAt, '24h')}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Last used</dt>
              <dd className="text-slate-900 dark:text-white">
                {apiKey.lastUsedAt ? formatDate(apiKey.lastUsedAt, '24h') : 'Never'}
              </dd>
            </div>
          </dl>
        ) : (
          !shown && <p className="text-sm text-slate-500 dark:text-slate-400">No key yet.</p>
        )}
      </CardBody>
      {dialog}
    </Card>
  );
}

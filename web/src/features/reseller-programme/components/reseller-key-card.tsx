import { useState } from 'react';
import { Ban, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { API_KEY_REVOKED } from '@tollgate/contract/reseller/reseller-panel';
import { createResellerKey, type ResellerDashboard } from '@tollgate/contract/reseller/reseller-programme';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ConfirmDialog } from '#components/ui/confirm-dialog.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
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
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [shown, setShown] = useState<string | null>(null);

  const run = () =>
    create.mutate(undefined, {
      onSuccess: (result) => {
        setConfirming(false);
        setShown(result.apiKey);
        void notify('success', createResellerKey.message);
      },
    });

  return (
    <Card>
      <CardHeader
        title="Reseller API key"
        description="Your integration sends it as x-api-key with your bearer token. This page never needs it."
        action={
          apiKey ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setConfirming(true)}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Replace key
              </Button>
              {revoke && (
                <Button variant="ghost-danger" onClick={() => setRevoking(true)}>
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
        {!apiKey && create.error && !confirming && <Alert>{errorMessage(create.error)}</Alert>}
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
      <ConfirmDialog
        open={confirming}
        title="Replace the API key?"
        description="The current key stops working at once: your integration needs the new key, which is shown only once."
        confirmLabel="Replace key"
        busyLabel="Replacing"
        busy={create.isPending}
        error={create.error ? errorMessage(create.error) : null}
        onConfirm={run}
        onClose={() => {
          setConfirming(false);
          create.reset();
        }}
      />
      {revoke && (
        <ConfirmDialog
          open={revoking}
          title="Revoke the API key?"
          description="It stops working at once and the reseller API refuses your integration until you create a new key."
          confirmLabel="Revoke key"
          busyLabel="Revoking"
          busy={revoke.isPending}
          error={revoke.error ? errorMessage(revoke.error) : null}
          onConfirm={() =>
            revoke.mutate(undefined, {
              onSuccess: () => {
                setRevoking(false);
                setShown(null);
                void notify('success', API_KEY_REVOKED);
              },
            })
          }
          onClose={() => {
            setRevoking(false);
            revoke.reset();
          }}
        />
      )}
    </Card>
  );
}

import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { adminRotateResellerKey, type Reseller } from '@tollgate/contract/admin/resellers';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useRotateKey } from '../api/resellers.ts';
import { ApiKeyPanel } from './api-key-panel.tsx';

/** The key's fingerprint and use; rotating shows the new key once and stops the old one at once. */
export function ApiKeyCard({ reseller }: { reseller: Reseller }) {
  const rotate = useRotateKey(reseller.id);
  const { confirm, dialog } = useConfirm();
  const [shown, setShown] = useState<string | null>(null);

  // Rotated in the dialog, which keeps a refusal for another try; the new key is shown once.
  const rotateKey = async () => {
    let rotated: string | null = null;
    const done = await confirm({
      title: 'Rotate the API key?',
      description: `The current key of ${reseller.username} stops working at once; their integration needs the new key, which is shown only once.`,
      confirmLabel: 'Rotate key',
      action: async () => {
        rotated = (await rotate.mutateAsync()).apiKey;
      },
    });
    if (!done) return;
    void notify('success', adminRotateResellerKey.message);
    setShown(rotated);
  };

  return (
    <div className="space-y-4">
      {shown && (
        <ApiKeyPanel apiKey={shown} username={reseller.username}>
          <Button variant="ghost" onClick={() => setShown(null)}>
            I have copied it
          </Button>
        </ApiKeyPanel>
      )}
      <Card>
        <CardHeader
          title="API key"
          description="Sent as x-api-key with every reseller API call."
          action={
            <Button variant="outline" onClick={() => void rotateKey()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Rotate key
            </Button>
          }
        />
        <CardBody className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <p className="text-slate-500 dark:text-slate-400">Key starts with</p>
            <code className="font-mono text-slate-900 dark:text-white" data-testid="key-prefix">
              {reseller.apiKeyPrefix ? `${reseller.apiKeyPrefix}…` : 'No key'}
            </code>
          </div>
          <div>
            <p className="text-slate-500 dark:text-slate-400">Created</p>
            <p className="text-slate-900 dark:text-white">{formatDate(reseller.apiKeyCreatedAt, '24h') || '—'}</p>
          </div>
          <div>
            <p className="text-slate-500 dark:text-slate-400">Last used</p>
            <p className="text-slate-900 dark:text-white">
              {reseller.apiKeyLastUsedAt ? formatDate(reseller.apiKeyLastUsedAt, '24h') : 'Never'}
            </p>
          </div>
        </CardBody>
      </Card>
      {dialog}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Copy, KeyRound } from 'lucide-react';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody } from '#components/ui/card.tsx';
import { copyText } from '#lib/clipboard.ts';

/** The key in full, this once: the server keeps only its hash, so it cannot be shown again. */
export function ApiKeyPanel({
  apiKey,
  username,
  children,
}: {
  apiKey: string;
  username: string;
  children?: ReactNode;
}) {
  return (
    <Card className="border-amber-300 dark:border-amber-700">
      <CardBody className="space-y-4">
        <div className="flex items-start gap-3">
          <KeyRound className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">API key for {username}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" role="status">
              Copy this key now, it will not be shown again. Only its fingerprint is stored; if it is lost, rotate it.
            </p>
          </div>
        </div>
        <code
          data-testid="api-key"
          className="block rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm break-all text-slate-900 select-all dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        >
          {apiKey}
        </code>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void copyText(apiKey, 'API key')}>
            <Copy className="size-4" aria-hidden="true" />
            Copy key
          </Button>
          {children}
        </div>
      </CardBody>
    </Card>
  );
}

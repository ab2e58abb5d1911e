import type { FormEvent } from 'react';
import { CheckCircle2, PlugZap, XCircle } from 'lucide-react';
import type { ConnectionTest, ProductApiConnection } from '@tollgate/contract/admin/products';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveProductApi, useTestProductApi } from '../api/products.ts';

const SOURCE_TEXT: Record<ProductApiConnection['source'], string> = {
  stored: 'Saved on this page',
  environment: 'From the server environment (UPSTREAM_PROXY_API_URL)',
  none: 'Not connected',
};

export function TestResult({ result }: { result: ConnectionTest }) {
  return (
    <div
      role="status"
      data-testid="connection-test"
      className={
        result.ok
          ? 'flex items-start gap-2 text-sm text-emerald-700 dark:text-emerald-300'
          : 'flex items-start gap-2 text-sm text-red-700 dark:text-red-300'
      }
    >
      {result.ok ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      ) : (
        <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <span>
        {result.ok ? 'Connected' : 'Failed'} at {formatDate(result.testedAt, '24h')} in {formatNumber(result.ms)} ms
        {result.error && <span className="block break-words font-mono text-xs">{result.error}</span>}
      </span>
    </div>
  );
}

/** The upstream provider's address and key: the key is write-only, shown by its last 4 characters. */
export function ConnectionForm({ connection }: { connection: ProductApiConnection }) {
  const form = useForm({ baseUrl: connection.baseUrl ?? '', apiKey: '' });
  const save = useSaveProductApi();
  const test = useTestProductApi();
  const { values } = form;
  const stored = connection.source === 'stored';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.clear();
    save.mutate(
      { baseUrl: values.baseUrl.trim(), apiKey: values.apiKey.trim() },
      {
        onSuccess: (saved) => {
          form.setValues({ baseUrl: saved.baseUrl ?? '', apiKey: '' });
          notify('success', 'Connection saved');
        },
        onError: form.fail,
      },
    );
  };
  const clear = () => {
    form.clear();
    save.mutate(
      { clear: true },
      {
        onSuccess: (saved) => {
          form.setValues({ baseUrl: saved.baseUrl ?? '', apiKey: '' });
          notify('success', 'Stored connection removed');
        },
        onError: form.fail,
      },
    );
  };
  const runTest = () => {
    form.clear();
    const baseUrl = values.baseUrl.trim();
    test.mutate(baseUrl ? { baseUrl, apiKey: values.apiKey.trim() } : {}, { onError: form.fail });
  };

  return (
    <Card>
      <CardHeader
        title="Connection"
        description={`${SOURCE_TEXT[connection.source]}${connection.updatedAt ? `, saved ${formatDate(connection.updatedAt, '24h')}` : ''}`}
      />
      <CardBody>
        <form noValidate onSubmit={submit} className="space-y-4" aria-label="Upstream provider connection">
          <Input
            label="API address"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://api.provider.example/v1"
            {...form.field('baseUrl')}
          />
          <Input
            label="API key"
            type="password"
            autoComplete="new-password"
            hint={
              connection.keyLast4
                ? `Key in use ends in …${connection.keyLast4}. Leave empty to keep it (same address only).`
                : 'Stored encrypted; never shown again.'
            }
            placeholder={connection.keyLast4 ? `•••• ${connection.keyLast4}` : ''}
            {...form.field('apiKey')}
          />
          {form.formError && <Alert>{form.formError}</Alert>}
          {test.data && <TestResult result={test.data} />}
          <div className="flex flex-wrap items-center justify-end gap-2">
            {stored && (
              <Button type="button" variant="ghost-danger" onClick={clear} disabled={save.isPending}>
                Remove stored connection
              </Button>
            )}
            <Button type="button" variant="outline" onClick={runTest} disabled={test.isPending}>
              {test.isPending ? <Spinner label="Testing" /> : <PlugZap className="size-4" aria-hidden="true" />}
              Test connection
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save connection
            </Button>
          </div>
          {connection.environmentConfigured && stored && (
            <p className="text-xs text-slate-500 dark:text-slate-400">
              The server environment also names a provider; it applies again if the stored connection is removed.
            </p>
          )}
        </form>
      </CardBody>
    </Card>
  );
}

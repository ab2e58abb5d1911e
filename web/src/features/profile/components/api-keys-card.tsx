import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import {
  API_KEY_HEADER,
  createApiKey,
  createApiKeyBodySchema,
  revokeApiKey,
  type ApiKey,
} from '@tollgate/contract/profile/api-keys';
import { Alert } from '#components/ui/alert.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Dialog } from '#components/ui/dialog.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatDate } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys.ts';

const copy = (text: string) =>
  void navigator.clipboard?.writeText(text).then(
    () => notify('success', 'API key copied'),
    () => undefined,
  );

/** Name and scope first; then the key itself, this once, with a copy button. */
function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const form = useForm({ name: '', scope: 'read-only' });
  const [key, setKey] = useState<string | null>(null);
  const close = () => {
    setKey(null);
    form.reset();
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(createApiKeyBodySchema, form.values);
    if (!parsed) return;
    create.mutate(parsed, {
      onSuccess: (created) => {
        setKey(created.key);
        void notify('success', createApiKey.message);
      },
      onError: form.fail,
    });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={key ? 'Copy your API key now' : 'New API key'}
      description={key ? 'It is not shown again: only a hash of it is kept.' : undefined}
    >
      {key ? (
        <div className="space-y-4">
          <code
            data-testid="new-api-key"
            className="block rounded bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 dark:bg-slate-950 dark:text-slate-100"
          >
            {key}
          </code>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => copy(key)}>
              <Copy className="size-4" aria-hidden /> Copy
            </Button>
            <Button onClick={close}>I saved it</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} aria-label="New API key" className="space-y-4">
          {form.formError && <Alert>{form.formError}</Alert>}
          <Input label="Name" placeholder="Scraper server" maxLength={60} {...form.field('name')} />
          <Select label="Scope" {...form.field('scope')}>
            <option value="read-only">Read-only: lists, info, locations, usage</option>
            <option value="read-write">Read-write: also changes the whitelist</option>
          </Select>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner label="Creating" className="[&_svg]:text-white" />}
              Create key
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const { confirm, dialog } = useConfirm();
  // Revoked in the dialog, which keeps a refusal for another try; the row then leaves the list.
  const revokeKey = async () => {
    const done = await confirm({
      title: 'Revoke this API key?',
      description: `Scripts using ${apiKey.prefix}… (${apiKey.name}) get 401 from now on. This cannot be undone.`,
      confirmLabel: 'Revoke key',
      action: () => revoke.mutateAsync(apiKey.id),
    });
    if (done) void notify('success', revokeApiKey.message);
  };
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
          <span className="break-all">{apiKey.name}</span>
          <Badge tone={apiKey.scope === 'read-write' ? 'warning' : 'neutral'}>{apiKey.scope}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
          <span className="font-mono">{apiKey.prefix}…</span> · created {formatDate(apiKey.createdAt)} ·{' '}
          {apiKey.lastUsedAt ? `last used ${formatDate(apiKey.lastUsedAt, '24h')}` : 'never used'}
        </p>
      </div>
      <Button size="sm" variant="ghost" onClick={() => void revokeKey()} aria-label={`Revoke ${apiKey.name}`}>
        <Trash2 className="size-4" aria-hidden /> Revoke
      </Button>
      {dialog}
    </li>
  );
}

/** API keys for the Customer API (issue 18): created here, shown once, revocable. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const full = keys.data ? keys.data.items.length >= keys.data.max : false;
  return (
    <Card>
      <CardHeader
        title="API keys"
        description={
          <>
            Call the{' '}
            <Link to="/api-docs" className="font-medium text-brand-600 hover:underline dark:text-brand-400">
              Customer API
            </Link>{' '}
            from your scripts with the <code className="font-mono">{API_KEY_HEADER}</code> header. Read-only keys cannot
            change your whitelist.
          </>
        }
      />
      <CardBody className="space-y-4">
        {keys.error ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.isPending ? (
          <Spinner />
        ) : keys.data.items.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No API keys yet.</p>
        ) : (
          <ul aria-label="My API keys" className="divide-y divide-slate-200 dark:divide-slate-800">
            {keys.data.items.map((apiKey) => (
              <KeyRow key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {full && (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              <KeyRound className="inline size-4" aria-hidden /> {keys.data?.max} keys at most: revoke one first.
            </p>
          )}
          <Button onClick={() => setCreating(true)} disabled={full}>
            <Plus className="size-4" aria-hidden /> Create API key
          </Button>
        </div>
        <CreateKeyDialog open={creating} onClose={() => setCreating(false)} />
      </CardBody>
    </Card>
  );
}

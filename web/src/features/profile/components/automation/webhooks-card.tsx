import { useState, type FormEvent } from 'react';
import { Copy, KeyRound, Send, Trash2 } from 'lucide-react';
import {
  createWebhook,
  SIGNATURE_HEADER,
  webhookBodySchema,
  type WebhookEndpoint,
} from '@tollgate/contract/automation/webhooks';
import { Alert } from '#components/ui/alert.tsx';
import { Badge } from '#components/ui/badge.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { ErrorState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { Switch } from '#components/ui/switch.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateSecret,
  useTestWebhook,
  useToggleWebhook,
  useWebhooks,
} from '../../api/automation.ts';

/** The signing secret, shown once after creating or rotating; gone when dismissed. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert tone="warning" title="Copy your signing secret now: it is not shown again">
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="webhook-secret"
          className="min-w-0 rounded bg-white/70 px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-950/60 dark:text-slate-100"
        >
          {secret}
        </code>
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(secret).then(
              () => notify('success', 'Secret copied'),
              () => undefined,
            )
          }
        >
          <Copy className="size-4" aria-hidden /> Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          I saved it
        </Button>
      </div>
    </Alert>
  );
}

function EndpointRow({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (secret: string) => void }) {
  const toggle = useToggleWebhook();
  const test = useTestWebhook();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const { confirm, dialog } = useConfirm();
  const failed = (error: unknown) => void notify('error', errorMessage(error));
  // Removed in the dialog, which keeps a refusal for another try; the row then leaves the list.
  const removeEndpoint = () =>
    void confirm({
      title: 'Remove this webhook?',
      description: `${endpoint.url} gets no more events, including retries still owed to it.`,
      confirmLabel: 'Remove webhook',
      action: () => remove.mutateAsync(endpoint.id),
    });
  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all text-slate-900 dark:text-white">{endpoint.url}</p>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
            {endpoint.description ? `${endpoint.description} · ` : ''}secret ending …{endpoint.secretHint}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {!endpoint.enabled && <Badge tone="warning">Paused</Badge>}
          <div className="w-24">
            <Switch
              label="Active"
              checked={endpoint.enabled}
              disabled={toggle.isPending}
              onChange={(enabled) => toggle.mutate({ id: endpoint.id, enabled }, { onError: failed })}
            />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={test.isPending || !endpoint.enabled}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: (delivery) =>
                void notify(
                  delivery.status === 'delivered' ? 'success' : 'warning',
                  delivery.status === 'delivered'
                    ? `Test event delivered (HTTP ${delivery.lastStatus})`
                    : `Test event not accepted: ${delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : delivery.lastResponse}. It will be retried.`,
                ),
              onError: failed,
            })
          }
        >
          {test.isPending ? <Spinner label="Sending" /> : <Send className="size-4" aria-hidden />} Send test
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: (w) => onSecret(w.secret), onError: failed })}
        >
          <KeyRound className="size-4" aria-hidden /> New secret
        </Button>
        <Button size="sm" variant="ghost" onClick={removeEndpoint}>
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      </div>
      {dialog}
    </li>
  );
}

/** Webhook endpoints: events are POSTed as JSON, signed with HMAC-SHA256 (Tollgate-Signature). */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const form = useForm({ url: '', description: '' });
  const [secret, setSecret] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = form.parse(webhookBodySchema, {
      url: form.values.url,
      description: form.values.description || null,
    });
    if (!parsed) return;
    create.mutate(parsed, {
      onSuccess: (created) => {
        form.reset();
        setSecret(created.secret);
        void notify('success', createWebhook.message);
      },
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader
        title="Webhooks"
        description={
          <>
            Alerts are POSTed here as JSON. Verify the <code className="font-mono">{SIGNATURE_HEADER}</code> header:{' '}
            <code className="font-mono">t=…,v1=</code> HMAC-SHA256 of <code className="font-mono">t.body</code> with the
            secret.
          </>
        }
      />
      <CardBody className="space-y-5">
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
        {webhooks.error ? (
          <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />
        ) : webhooks.isPending ? (
          <Spinner />
        ) : webhooks.data.items.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">No webhooks yet.</p>
        ) : (
          <ul aria-label="My webhooks" className="divide-y divide-slate-200 dark:divide-slate-800">
            {webhooks.data.items.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
        <form noValidate onSubmit={submit} aria-label="New webhook" className="space-y-4">
          {form.formError && <Alert>{form.formError}</Alert>}
          <Input label="Endpoint URL" placeholder="https://example.com/hooks/tollgate" {...form.field('url')} />
          <Input label="Note (optional)" placeholder="Scraper fleet" {...form.field('description')} />
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Add webhook
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}

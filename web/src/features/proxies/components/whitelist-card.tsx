import type { FormEvent } from 'react';
import { LocateFixed, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { z } from 'zod';
import { addWhitelistIp, removeWhitelistIp, type ProxyConfig } from '@tollgate/contract/proxies/proxies';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { EmptyState } from '#components/ui/empty-state.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useAddMyIp, useAddWhitelistIp, useRemoveWhitelistIp } from '../api/proxy-config.ts';
import { useLeaveExpiredPlan } from '../utils/plan-expired.ts';

export const INVALID_IP = 'Enter an IPv4 or IPv6 address';

/** The contract's body, narrowed to what the server will accept as a source address. */
const whitelistIpSchema = addWhitelistIp.body!.shape.ip.pipe(z.union([z.ipv4(), z.ipv6()], { error: INVALID_IP }));

/** Source addresses that may use the plan without a password, up to the plan's limit. */
export function WhitelistCard({
  subscriptionId,
  config,
}: {
  subscriptionId: string;
  config: Pick<ProxyConfig, 'whitelist' | 'whitelistLimit'>;
}) {
  const form = useForm({ ip: '' });
  const add = useAddWhitelistIp(subscriptionId);
  const addMine = useAddMyIp(subscriptionId);
  const remove = useRemoveWhitelistIp(subscriptionId);
  const leaveExpired = useLeaveExpiredPlan();
  const { confirm, dialog } = useConfirm();
  const { whitelist, whitelistLimit } = config;
  const full = whitelist.length >= whitelistLimit;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ip = form.checkField('ip', whitelistIpSchema);
    if (ip === undefined) return;
    add.mutate(ip, {
      onSuccess: () => {
        form.reset();
        void notify('success', addWhitelistIp.message);
      },
      onError: (error) => {
        if (!leaveExpired(error)) form.fail(error);
      },
    });
  };

  const submitMine = () => {
    form.clear();
    addMine.mutate(undefined, {
      onSuccess: ({ ip }) => void notify('success', `${addWhitelistIp.message}: ${ip}`),
      onError: (error) => {
        if (!leaveExpired(error)) form.fail(error);
      },
    });
  };

  // Removed in the dialog, which keeps a refusal for another try; an expired plan leaves the page.
  const removeIp = async (ip: string) => {
    const done = await confirm({
      title: 'Remove this IP?',
      description: `Connections from ${ip} will need the username and password again.`,
      confirmLabel: 'Remove',
      action: () =>
        remove.mutateAsync(ip).catch((error: unknown) => {
          leaveExpired(error);
          throw error;
        }),
    });
    if (done) void notify('success', removeWhitelistIp.message);
  };

  const field = form.field('ip');
  return (
    <Card>
      <CardHeader
        title="IP whitelist"
        description="Connections from these addresses need no password."
        action={
          <span className="text-sm text-slate-500 tabular-nums dark:text-slate-400" data-testid="whitelist-usage">
            {formatNumber(whitelist.length)} of {formatNumber(whitelistLimit)} used
          </span>
        }
      />
      <CardBody className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <Input
            label="IP address"
            placeholder="203.0.113.7 or 2001:db8::1"
            autoComplete="off"
            spellCheck={false}
            className="flex-1"
            hint={full ? 'The whitelist is full: remove an address to add another.' : undefined}
            {...field}
            onChange={(event) => {
              form.clear();
              field.onChange(event);
            }}
            error={field.error ?? form.formError}
          />
          <Button type="submit" disabled={add.isPending || full} className="sm:mt-7">
            {add.isPending ? (
              <Spinner label="Adding" className="[&_svg]:text-white" />
            ) : (
              <Plus className="size-4" aria-hidden="true" />
            )}
            Add IP
          </Button>
        </form>
        <Button type="button" variant="outline" size="sm" onClick={submitMine} disabled={addMine.isPending || full}>
          {addMine.isPending ? <Spinner label="Adding" /> : <LocateFixed className="size-4" aria-hidden="true" />}
          Add my current IP
        </Button>
        {whitelist.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            title="No whitelisted IPs"
            description="Add the address of your server to connect without a username and password."
            className="py-6"
          />
        ) : (
          <ul
            aria-label="Whitelisted IPs"
            className="divide-y divide-slate-100 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
          >
            {whitelist.map((ip) => (
              <li key={ip} className="flex items-center justify-between gap-3 py-1.5 pr-1.5 pl-3">
                <code className="min-w-0 font-mono text-sm break-all text-slate-900 dark:text-slate-100">{ip}</code>
                <Button
                  variant="ghost-danger"
                  size="icon"
                  aria-label={`Remove ${ip}`}
                  title={`Remove ${ip}`}
                  onClick={() => void removeIp(ip)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {dialog}
    </Card>
  );
}

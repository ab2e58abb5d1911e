import { useId, useState, type ReactNode } from 'react';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { changeProxyKey } from '@tollgate/contract/proxies/proxies';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { useConfirm } from '#components/ui/use-confirm.tsx';
import { notify } from '#lib/toast.ts';
import { useRotatePassword, type GeneratorData } from '../api/generator.ts';
import { useLeaveExpiredPlan } from '../utils/plan-expired.ts';
import { CopyButton } from './copy-button.tsx';

function Row({
  label,
  value,
  actions,
  children,
}: {
  label: string;
  value: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2 py-2.5 first:pt-0 last:pb-0">
      <dt className="w-24 shrink-0 text-sm text-slate-500 sm:w-28 dark:text-slate-400">{label}</dt>
      <dd className="flex min-w-0 flex-1 items-center gap-1">
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-slate-900 dark:text-slate-100">
          {children ?? value}
        </code>
        {actions}
        <CopyButton text={value} what={label} />
      </dd>
    </div>
  );
}

/** Host, ports and credentials of the plan, each copyable; the password can be revealed and rotated. */
export function ConnectionCard({ subscriptionId, data }: { subscriptionId: string; data: GeneratorData }) {
  const passwordId = useId();
  const [revealed, setRevealed] = useState(false);
  const { confirm, dialog } = useConfirm();
  const rotate = useRotatePassword(subscriptionId);
  const leaveExpired = useLeaveExpiredPlan();

  // Rotated in the dialog, which keeps a refusal for another try; an expired plan leaves the page.
  const rotatePassword = async () => {
    const done = await confirm({
      title: 'Rotate the proxy password?',
      description:
        'A new password is issued at once. Tools that use the old one stop connecting within a few seconds, and proxy lists you generated before must be generated again.',
      confirmLabel: 'Rotate password',
      action: () =>
        rotate.mutateAsync().catch((error: unknown) => {
          leaveExpired(error);
          throw error;
        }),
    });
    if (!done) return;
    setRevealed(true);
    void notify('success', changeProxyKey.message);
  };

  return (
    <Card>
      <CardHeader
        title="Connection"
        description="Use these in your tool or browser extension."
        action={
          <Button variant="outline" size="sm" onClick={() => void rotatePassword()}>
            <KeyRound className="size-4" aria-hidden="true" />
            Rotate password
          </Button>
        }
      />
      <CardBody>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <Row label="Host" value={data.host} />
          <Row label="HTTP port" value={String(data.ports.http)} />
          <Row label="SOCKS5 port" value={String(data.ports.socks5)} />
          <Row label="Username" value={data.username} />
          <Row
            label="Password"
            value={data.password}
            actions={
              <Button
                variant="ghost"
                size="icon"
                aria-label={revealed ? 'Hide password' : 'Show password'}
                title={revealed ? 'Hide password' : 'Show password'}
                aria-controls={passwordId}
                onClick={() => setRevealed((on) => !on)}
              >
                {revealed ? (
                  <EyeOff className="size-4" aria-hidden="true" />
                ) : (
                  <Eye className="size-4" aria-hidden="true" />
                )}
              </Button>
            }
          >
            <span id={passwordId} data-testid="proxy-password">
              {revealed ? (
                data.password
              ) : (
                <>
                  <span aria-hidden="true">{'•'.repeat(12)}</span>
                  <span className="sr-only">Hidden</span>
                </>
              )}
            </span>
          </Row>
        </dl>
      </CardBody>
      {dialog}
    </Card>
  );
}

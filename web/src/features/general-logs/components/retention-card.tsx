import type { FormEvent } from 'react';
import { logRetentionDaysSchema, type LogRetention } from '@tollgate/contract/admin/logs';
import { Alert } from '#components/ui/alert.tsx';
import { Button } from '#components/ui/button.tsx';
import { Card, CardBody, CardHeader } from '#components/ui/card.tsx';
import { Input } from '#components/ui/input.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { formatDate, formatNumber } from '#lib/format.ts';
import { notify } from '#lib/toast.ts';
import { useForm } from '#lib/use-form.ts';
import { useSaveLogRetention } from '../api/general-logs.ts';

/** How long security events are kept; staff changes are kept for good. Saving is audited. */
export function RetentionCard({ retention }: { retention: LogRetention }) {
  const form = useForm({ days: String(retention.days) });
  const save = useSaveLogRetention();
  const typed = form.values.days.trim();
  const changed = typed !== String(retention.days);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = logRetentionDaysSchema.safeParse(typed === '' ? NaN : Number(typed));
    if (!parsed.success) {
      form.invalid(parsed.error.issues.map((issue) => ({ ...issue, path: ['days'] })));
      return;
    }
    form.clear();
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        form.setValues({ days: String(saved.days) });
        void notify('success', `Security events are now kept for ${formatNumber(saved.days)} days`);
      },
      onError: form.fail,
    });
  };

  return (
    <Card>
      <CardHeader
        title="Retention"
        description={
          retention.updatedAt
            ? `Last changed ${formatDate(retention.updatedAt, '24h')}.`
            : `The default of ${formatNumber(retention.defaultDays)} days applies.`
        }
      />
      <CardBody>
        <form noValidate onSubmit={submit} aria-label="Log retention" className="space-y-3">
          {form.formError && <Alert>{form.formError}</Alert>}
          <div className="flex flex-wrap items-end gap-3">
            <Input
              type="number"
              inputMode="numeric"
              min={retention.minDays}
              max={retention.maxDays}
              step={1}
              label="Keep security events for (days)"
              className="w-full sm:w-64"
              {...form.field('days')}
            />
            <Button type="submit" disabled={save.isPending || !changed}>
              {save.isPending && <Spinner label="Saving" className="[&_svg]:text-white" />}
              Save retention
            </Button>
          </div>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Sign-ins and other security events older than this are deleted every night (
            {formatNumber(retention.minDays)} to {formatNumber(retention.maxDays)} days). Staff changes to money, plans,
            accounts and settings are kept for good.
          </p>
        </form>
      </CardBody>
    </Card>
  );
}

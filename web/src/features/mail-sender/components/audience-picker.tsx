import { AUDIENCE_KIND_LABELS, AUDIENCE_KINDS, type AudienceKind } from '@tollgate/contract/admin/mail-sender';
import { PLAN_TYPES, type PlanType } from '@tollgate/contract/plans/plans';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { Spinner } from '#components/ui/spinner.tsx';
import { errorMessage } from '#lib/form-errors.ts';
import { formatNumber } from '#lib/format.ts';
import { PLAN_TYPE_LABELS } from '#lib/price-tiers.ts';
import { useAudienceReach } from '../api/mail-sender.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { audienceOf, type AudienceFields } from '../utils/audience.ts';

/** Who receives the campaign, with how many that is right now and how many opted out. */
export function AudiencePicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: AudienceFields;
  onChange: (next: AudienceFields) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const checked = audienceOf(useDebouncedValue(value, 350));
  const reach = useAudienceReach('audience' in checked ? checked.audience : null);
  const set = (patch: Partial<AudienceFields>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">Recipients</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label="Audience"
          value={value.kind}
          onChange={(e) => set({ kind: e.target.value as AudienceKind })}
          className={value.kind === 'all' ? 'sm:col-span-2' : undefined}
        >
          {AUDIENCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIENCE_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
        {value.kind === 'plan-type' && (
          <Select label="Proxy type" value={value.type} onChange={(e) => set({ type: e.target.value as PlanType })}>
            {PLAN_TYPES.map((type) => (
              <option key={type} value={type}>
                {PLAN_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        )}
        {value.kind === 'expiring' && (
          <Input
            label="Expires within (days)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={value.days}
            onChange={(e) => set({ days: e.target.value })}
            error={'problem' in checked ? checked.problem : undefined}
          />
        )}
        {value.kind === 'account' && (
          <Input
            label="Username or email"
            value={value.account}
            autoComplete="off"
            onChange={(e) => set({ account: e.target.value })}
            error={error}
          />
        )}
      </div>
      <ReachLine reach={reach} oneAccount={value.kind === 'account'} />
      {error && value.kind !== 'account' && <p className="text-sm text-red-600 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}

function ReachLine({ reach, oneAccount }: { reach: ReturnType<typeof useAudienceReach>; oneAccount: boolean }) {
  if (reach.fetchStatus === 'idle' && !reach.data) return null;
  if (reach.error) return <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(reach.error)}</p>;
  if (!reach.data) return <Spinner label="Counting recipients" />;
  const { recipients, optedOut } = reach.data;
  if (oneAccount && recipients + optedOut === 0)
    return (
      <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="audience-reach" aria-live="polite">
        No customer who can receive news has that username or email (staff, reseller, unverified and disabled accounts
        never do).
      </p>
    );
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="audience-reach" aria-live="polite">
      <strong className="text-slate-900 tabular-nums dark:text-white">{formatNumber(recipients)}</strong>{' '}
      {recipients === 1 ? 'customer receives' : 'customers receive'} it now
      {optedOut > 0 && (
        <span className="text-slate-500 dark:text-slate-400">
          {' '}
          · {formatNumber(optedOut)} opted out of news and {optedOut === 1 ? 'is' : 'are'} left out
        </span>
      )}
      .
    </p>
  );
}

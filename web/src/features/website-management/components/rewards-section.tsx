import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { SettingsPayload } from '@tollgate/contract/admin/settings';
import {
  LOYALTY_RULE_LABELS,
  LOYALTY_RULES,
  LOYALTY_TIERS_DEFAULT,
  LOYALTY_TIERS_MAX,
  loyaltyTiersSettingSchema,
  type LoyaltyRule,
} from '@tollgate/contract/growth/loyalty';
import { REFERRAL_HOLD_DAYS_DEFAULT, referralHoldDaysSchema } from '@tollgate/contract/growth/referrals';
import { Button } from '#components/ui/button.tsx';
import { Input } from '#components/ui/input.tsx';
import { Select } from '#components/ui/select.tsx';
import { issueMap, readSetting } from '../utils/setting-values.ts';
import { SettingCard } from './setting-card.tsx';

interface TierRow {
  id: string;
  name: string;
  threshold: string;
  reward: string;
}
interface Draft {
  holdDays: string;
  rule: LoyaltyRule;
  tiers: TierRow[];
}

/** `Gold tier` -> `gold-tier`: the id a new tier keeps when it is renamed later. */
const slug = (name: string, taken: Set<string>) => {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'tier';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
};

function draftOf(settings: SettingsPayload): Draft {
  const loyalty = readSetting(settings.settings.LoyaltyTiers, loyaltyTiersSettingSchema, LOYALTY_TIERS_DEFAULT).value;
  const hold = readSetting(
    settings.settings.ReferralHoldDays,
    referralHoldDaysSchema,
    REFERRAL_HOLD_DAYS_DEFAULT,
  ).value;
  return {
    holdDays: String(hold),
    rule: loyalty.rule,
    tiers: loyalty.tiers.map((t) => ({
      id: t.id,
      name: t.name,
      threshold: String(t.threshold),
      reward: String(t.reward),
    })),
  };
}

const num = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? text : Number(text));

/** Loyalty tiers and the referral holding period (ADR 032): what rewards customers earn, and when. */
export function RewardsSection({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(() => draftOf(settings));
  const [draft, setDraft] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const loyalty = loyaltyTiersSettingSchema.safeParse({
    rule: draft.rule,
    tiers: draft.tiers.map((t) => ({ ...t, threshold: num(t.threshold), reward: num(t.reward) })),
  });
  const hold = referralHoldDaysSchema.safeParse(num(draft.holdDays));
  const issues = attempted ? issueMap(loyalty) : {};
  const holdError = attempted && !hold.success ? hold.error.issues[0]?.message : undefined;
  const spend = draft.rule === 'lifetime_spend';

  const setTier = (i: number, patch: Partial<TierRow>) =>
    setDraft((d) => ({ ...d, tiers: d.tiers.map((t, j) => (j === i ? { ...t, ...patch } : t)) }));
  const addTier = () =>
    setDraft((d) => {
      const name = `Tier ${d.tiers.length + 1}`;
      return {
        ...d,
        tiers: [...d.tiers, { id: slug(name, new Set(d.tiers.map((t) => t.id))), name, threshold: '', reward: '' }],
      };
    });

  return (
    <SettingCard
      id="Rewards"
      title="Rewards"
      description="Loyalty tiers customers reach by spending, and how long a referral reward waits before it can be claimed."
      keys={['LoyaltyTiers', 'ReferralHoldDays']}
      settings={settings}
      dirty={JSON.stringify(draft) !== JSON.stringify(saved)}
      build={() => {
        setAttempted(true);
        if (!loyalty.success || !hold.success) return null;
        return { LoyaltyTiers: JSON.stringify(loyalty.data), ReferralHoldDays: String(hold.data) };
      }}
      onSaved={() => setSaved(draft)}
      onDiscard={() => {
        setDraft(saved);
        setAttempted(false);
      }}
    >
      <div className="space-y-6">
        <Input
          label="Referral holding period (days)"
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          className="max-w-xs"
          hint="A referral reward becomes claimable this long after the payment, so refunds and charge-backs land first. 14 is usual."
          error={holdError}
          value={draft.holdDays}
          onChange={(e) => setDraft((d) => ({ ...d, holdDays: e.target.value }))}
        />
        <Select
          label="Loyalty tiers are reached by"
          className="max-w-xs"
          value={draft.rule}
          onChange={(e) => setDraft((d) => ({ ...d, rule: e.target.value as LoyaltyRule }))}
        >
          {LOYALTY_RULES.map((rule) => (
            <option key={rule} value={rule}>
              {LOYALTY_RULE_LABELS[rule]}
            </option>
          ))}
        </Select>
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
            Tiers (each pays once, to the balance; none means no loyalty rewards)
          </legend>
          {draft.tiers.map((tier, i) => (
            <div
              key={tier.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_1fr_auto] dark:border-slate-800"
            >
              <Input
                label="Name"
                value={tier.name}
                error={issues[`tiers.${i}.name`] ?? issues[`tiers.${i}.id`]}
                onChange={(e) => setTier(i, { name: e.target.value })}
              />
              <Input
                label={spend ? 'Spent ($)' : 'Paid orders'}
                inputMode={spend ? 'decimal' : 'numeric'}
                value={tier.threshold}
                error={issues[`tiers.${i}.threshold`]}
                onChange={(e) => setTier(i, { threshold: e.target.value })}
              />
              <Input
                label="Reward ($)"
                inputMode="decimal"
                value={tier.reward}
                error={issues[`tiers.${i}.reward`]}
                onChange={(e) => setTier(i, { reward: e.target.value })}
              />
              <Button
                variant="ghost-danger"
                size="icon"
                className="self-end"
                aria-label={`Remove ${tier.name || 'this tier'}`}
                onClick={() => setDraft((d) => ({ ...d, tiers: d.tiers.filter((_, j) => j !== i) }))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          {issues.tiers && <p className="text-sm text-red-600 dark:text-red-400">{issues.tiers}</p>}
          <Button variant="outline" size="sm" onClick={addTier} disabled={draft.tiers.length >= LOYALTY_TIERS_MAX}>
            <Plus className="size-4" aria-hidden="true" />
            Add tier
          </Button>
        </fieldset>
      </div>
    </SettingCard>
  );
}

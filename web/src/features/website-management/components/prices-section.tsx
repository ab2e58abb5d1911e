import { useState } from 'react';
import {
  EXTENSION_PRICE_KEYS,
  extensionPriceSchema,
  PRICE_TABLE_KEYS,
  priceTableSchema,
  type SettingsPayload,
} from '@tollgate/contract/admin/settings';
import { TierEditor } from '#components/tier-editor.tsx';
import { Input } from '#components/ui/input.tsx';
import { tierTextError } from '#lib/tier-rows.ts';
import { SettingCard } from './setting-card.tsx';

type TableKey = (typeof PRICE_TABLE_KEYS)[number];
type ExtensionKey = (typeof EXTENSION_PRICE_KEYS)[number];

const TABLES: Record<TableKey, { title: string; what: string; unit: string; description: string }> = {
  RenewResiBandwidthPrices: {
    title: 'Residential GB renewal',
    what: 'residential GB prices',
    unit: 'GB',
    description: 'The price of each GB a customer adds to a residential plan.',
  },
  RenewMobileBandwidthPrices: {
    title: 'Mobile GB renewal',
    what: 'mobile GB prices',
    unit: 'GB',
    description: 'The price of each GB a customer adds to a mobile plan.',
  },
  RenewIPv6BandwidthPrices: {
    title: 'IPv6 GB renewal',
    what: 'IPv6 GB prices',
    unit: 'GB',
    description: 'The price of each GB a customer adds to an IPv6 bandwidth plan.',
  },
  RenewISPPrices: {
    title: 'ISP thread renewal',
    what: 'ISP thread prices',
    unit: 'thread',
    description: 'The price of each ISP thread for another 30 days.',
  },
  RenewNEWIPv6Prices: {
    title: 'IPv6 thread renewal',
    what: 'IPv6 thread prices',
    unit: 'thread',
    description: 'The price of each IPv6 thread for another 30 days.',
  },
};

const EXTENSIONS: Record<ExtensionKey, string> = {
  ResidentialExtendBySingleDayPrice: '1 day',
  ResidentialExtendByOneWeekPrice: '7 days',
  ResidentialExtendByMonthPrice: '30 days',
  ResidentialExtendByTwoMonthPrice: '60 days',
};

/** The table's text as the editor writes it, so an untouched table never looks changed. */
function normalised(text: string | undefined): string {
  const parsed = (() => {
    try {
      return priceTableSchema.safeParse(JSON.parse(text ?? ''));
    } catch {
      return null;
    }
  })();
  return parsed?.success && parsed.data.length > 0 ? JSON.stringify(parsed.data) : '';
}

function PriceTableCard({ settingKey, settings }: { settingKey: TableKey; settings: SettingsPayload }) {
  const table = TABLES[settingKey];
  const [saved, setSaved] = useState(() => normalised(settings.settings[settingKey]));
  const [text, setText] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const error = attempted || text !== saved ? tierTextError(text) : undefined;

  return (
    <SettingCard
      id={settingKey}
      title={table.title}
      what={table.what}
      description={table.description}
      keys={[settingKey]}
      settings={settings}
      dirty={text !== saved}
      build={() => {
        setAttempted(true);
        if (tierTextError(text)) return null;
        if (!text) return { [settingKey]: '' };
        const parsed = priceTableSchema.safeParse(JSON.parse(text));
        return parsed.success ? { [settingKey]: JSON.stringify(parsed.data) } : null;
      }}
      onSaved={() => setSaved(text)}
      onDiscard={() => {
        setText(saved);
        setAttempted(false);
      }}
    >
      <TierEditor
        label="Price tiers"
        unit={table.unit}
        text={text}
        error={error}
        onChange={setText}
        showText={false}
        emptyText="No table: renewals use each plan’s own tiers."
      />
    </SettingCard>
  );
}

type ExtensionDraft = Record<ExtensionKey, string>;

function ExtensionPricesCard({ settings }: { settings: SettingsPayload }) {
  const [saved, setSaved] = useState(
    () =>
      Object.fromEntries(
        EXTENSION_PRICE_KEYS.map((key) => [key, settings.settings[key]?.trim() ?? '']),
      ) as ExtensionDraft,
  );
  const [draft, setDraft] = useState(saved);
  const [attempted, setAttempted] = useState(false);
  const errorOf = (key: ExtensionKey) => {
    const text = draft[key].trim();
    if (!text || (!attempted && text === saved[key])) return undefined;
    if (!Number.isFinite(Number(text))) return 'Enter a price in dollars, such as 4.50';
    const parsed = extensionPriceSchema.safeParse(Number(text));
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };
  const dirty = EXTENSION_PRICE_KEYS.some((key) => draft[key].trim() !== saved[key]);

  return (
    <SettingCard
      id="extension-prices"
      title="Residential time extensions"
      what="extension prices"
      description="Fixed prices for adding days to a residential plan. Leave a field empty to price those days from the plan instead."
      keys={EXTENSION_PRICE_KEYS}
      settings={settings}
      dirty={dirty}
      build={() => {
        setAttempted(true);
        const body: Partial<Record<ExtensionKey, string>> = {};
        for (const key of EXTENSION_PRICE_KEYS) {
          const text = draft[key].trim();
          if (text === saved[key]) continue;
          if (!text) {
            body[key] = '';
            continue;
          }
          const parsed = extensionPriceSchema.safeParse(Number(text));
          if (!Number.isFinite(Number(text)) || !parsed.success) return null;
          body[key] = String(parsed.data);
        }
        return body;
      }}
      onSaved={() =>
        setSaved(Object.fromEntries(EXTENSION_PRICE_KEYS.map((key) => [key, draft[key].trim()])) as ExtensionDraft)
      }
      onDiscard={() => {
        setDraft(saved);
        setAttempted(false);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {EXTENSION_PRICE_KEYS.map((key) => (
          <Input
            key={key}
            label={`Add ${EXTENSIONS[key]} ($)`}
            inputMode="decimal"
            placeholder="Not set"
            value={draft[key]}
            error={errorOf(key)}
            onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
          />
        ))}
      </div>
    </SettingCard>
  );
}

/** Renewal prices (spec §3): five tier tables edited like a plan's tiers, and four fixed extensions. */
export function PricesSection({ settings }: { settings: SettingsPayload }) {
  return (
    <div className="space-y-6">
      {PRICE_TABLE_KEYS.map((key) => (
        <PriceTableCard key={key} settingKey={key} settings={settings} />
      ))}
      <ExtensionPricesCard settings={settings} />
    </div>
  );
}

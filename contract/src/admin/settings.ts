import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { announcementSchema, faqItemSchema, SERVICE_STATES, SOCIAL_SERVICES } from '../general/landing';
import { hasControlCharacter } from '../http/text';
import { ownServersSchema, proxyExitSchema } from '../proxies/own-servers';
import { loyaltyTiersSettingSchema } from '../growth/loyalty';
import { referralHoldDaysSchema } from '../growth/referrals';
import { hasAtMostTwoDecimals } from '../http/money';

/**
 * Spec §3 Settings (admin), plus the landing's Copyright and Announcements. Every value travels as
 * text, as the spec sends structured settings: JSON for lists and objects, plain text for the
 * copyright line, a dollar amount for the fixed extension prices. '' clears a key back to its default.
 */
export const PRICE_TABLE_KEYS = [
  'RenewResiBandwidthPrices',
  'RenewMobileBandwidthPrices',
  'RenewIPv6BandwidthPrices',
  'RenewISPPrices',
  'RenewNEWIPv6Prices',
] as const;
export const EXTENSION_PRICE_KEYS = [
  'ResidentialExtendBySingleDayPrice',
  'ResidentialExtendByOneWeekPrice',
  'ResidentialExtendByMonthPrice',
  'ResidentialExtendByTwoMonthPrice',
] as const;
export const SETTINGS_KEYS = [
  'FAQ',
  'Status',
  'OwnServers',
  'SocialLinks',
  'Copyright',
  'Announcements',
  ...PRICE_TABLE_KEYS,
  ...EXTENSION_PRICE_KEYS,
  // Rewards (ADR 032): loyalty tiers and the referral holding period in days.
  'LoyaltyTiers',
  'ReferralHoldDays',
] as const;
export type SettingsKey = (typeof SETTINGS_KEYS)[number];

/**
 * OwnServers decides which internal ranges customers may reach through the gateway: only an
 * Administrator may change it. Managers read it and use the exit test like everyone else.
 */
export const ADMIN_ONLY_SETTINGS: readonly SettingsKey[] = ['OwnServers'];

/** Required text of at most `max` characters; line breaks are fine, other control characters are not. */
const field = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label}: at most ${max} characters`)
    .refine((s) => !hasControlCharacter(s), `${label} contains a control character`);

export const settingsFaqSchema = z
  .array(faqItemSchema.extend({ question: field('Question', 300), answer: field('Answer', 5_000) }))
  .max(200, 'At most 200 questions');

export const settingsStatusSchema = z.object({
  overall: z.enum(SERVICE_STATES, { error: `Overall state is one of ${SERVICE_STATES.join(', ')}` }),
  message: field('Status message', 300),
  components: z
    .array(
      z.object({
        name: field('Component name', 80),
        state: z.enum(SERVICE_STATES, { error: `State is one of ${SERVICE_STATES.join(', ')}` }),
      }),
    )
    .max(50, 'At most 50 components'),
  updatedAt: z.iso.datetime({ offset: true }),
});

export const settingsSocialLinksSchema = z
  .array(
    z.object({
      social: z.enum(SOCIAL_SERVICES, { error: `Service is one of ${SOCIAL_SERVICES.join(', ')}` }),
      link: z.url({ protocol: /^https$/, error: 'Use an https:// link' }).max(500),
    }),
  )
  .max(SOCIAL_SERVICES.length)
  .refine((list) => new Set(list.map((l) => l.social)).size === list.length, 'Each service at most once');

/** Announcements with an optional window: shown from `startsAt` until `endsAt` (both inclusive, UTC). */
export const settingsAnnouncementSchema = announcementSchema.extend({
  id: field('Announcement id', 64),
  title: field('Title', 120),
  message: field('Message', 2_000),
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const settingsAnnouncementsSchema = z
  .array(settingsAnnouncementSchema)
  .max(50, 'At most 50 announcements')
  .superRefine((list, ctx) => {
    // Compared as instants: the same moment may be written with different offsets.
    list.forEach((a, i) => {
      if (a.startsAt && a.endsAt && Date.parse(a.startsAt) > Date.parse(a.endsAt))
        ctx.addIssue({ code: 'custom', path: [i, 'endsAt'], message: 'The announcement ends before it starts' });
    });
  })
  .refine((list) => new Set(list.map((a) => a.id)).size === list.length, 'Two announcements share an id');

export const settingsCopyrightSchema = field('Copyright', 200);

/** A renewal price table: [{ value: first unit of the tier, price: dollars per unit }], as plans send theirs. */
export const priceTableSchema = z
  .array(
    z.object({
      value: z
        .number({ error: 'value must be a whole number of at least 1' })
        .int('value must be a whole number of at least 1')
        .min(1, 'value must be a whole number of at least 1')
        .max(1_000_000, 'value is at most 1,000,000'),
      price: z
        .number({ error: 'price must be dollars' })
        .min(0, 'price cannot be negative')
        .max(100_000, 'price is at most $100,000')
        .refine(hasAtMostTwoDecimals, 'price: use at most two decimals'),
    }),
  )
  .max(100, 'At most 100 tiers')
  .refine((list) => new Set(list.map((t) => t.value)).size === list.length, 'Two tiers start at the same value');

export const extensionPriceSchema = z
  .number({ error: 'Enter a price in dollars' })
  .min(0, 'The price cannot be negative')
  .max(100_000, 'At most $100,000')
  .refine(hasAtMostTwoDecimals, 'Use at most two decimals');

/**
 * The shape each key's text must have once read: JSON for the structured keys, the plain line for
 * Copyright, a number for the extension prices. The server parses with these and names the key in
 * any refusal; the web editors build values with them.
 */
/**
 * OwnServers as the settings screen saves it: on top of the gateway's own reading, an exit leaves
 * one way only (the gateway would silently ignore a bind address beside an upstream or a prefix).
 */
export const settingsOwnServersSchema = ownServersSchema.superRefine((servers, ctx) => {
  servers.exits.forEach((exit, i) => {
    const ways = [exit.bind && 'a bind address', exit.prefix && 'a prefix', exit.upstream && 'an upstream proxy'];
    const set = ways.filter(Boolean);
    if (set.length > 1)
      ctx.addIssue({
        code: 'custom',
        path: ['exits', i],
        message: `An exit leaves one way only: ${set.join(', ')} cannot be combined`,
      });
  });
});

export const SETTING_VALUE_SCHEMAS = {
  FAQ: settingsFaqSchema,
  Status: settingsStatusSchema,
  OwnServers: settingsOwnServersSchema,
  SocialLinks: settingsSocialLinksSchema,
  Copyright: settingsCopyrightSchema,
  Announcements: settingsAnnouncementsSchema,
  RenewResiBandwidthPrices: priceTableSchema,
  RenewMobileBandwidthPrices: priceTableSchema,
  RenewIPv6BandwidthPrices: priceTableSchema,
  RenewISPPrices: priceTableSchema,
  RenewNEWIPv6Prices: priceTableSchema,
  ResidentialExtendBySingleDayPrice: extensionPriceSchema,
  ResidentialExtendByOneWeekPrice: extensionPriceSchema,
  ResidentialExtendByMonthPrice: extensionPriceSchema,
  ResidentialExtendByTwoMonthPrice: extensionPriceSchema,
  LoyaltyTiers: loyaltyTiersSettingSchema,
  ReferralHoldDays: referralHoldDaysSchema,
} as const satisfies Record<SettingsKey, z.ZodType>;
export type SettingValue<K extends SettingsKey> = z.output<(typeof SETTING_VALUE_SCHEMAS)[K]>;

/** Keys whose text is not JSON. */
export const PLAIN_TEXT_SETTINGS: readonly SettingsKey[] = ['Copyright'];

/** Stored text is at most this long; OwnServers with 10,000 exits still fits. */
export const SETTING_TEXT_MAX = 2_000_000;

const settingText = z.string().max(SETTING_TEXT_MAX, `At most ${SETTING_TEXT_MAX.toLocaleString('en-US')} characters`);

export const settingsPayloadSchema = z.object({
  /** Every key's current text; '' where the shop uses its default. */
  settings: z.record(z.enum(SETTINGS_KEYS), z.string()),
  /** When each key last changed and who changed it; null for a key never saved. */
  changes: z.record(
    z.enum(SETTINGS_KEYS),
    z.object({ updatedAt: z.iso.datetime({ offset: true }), updatedBy: z.string().nullable() }).nullable(),
  ),
});
export type SettingsPayload = z.infer<typeof settingsPayloadSchema>;

export const adminSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/settings',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: settings',
  summary: 'Every spec §3 setting as text, with when and by whom it last changed',
  message: 'Settings',
  payload: settingsPayloadSchema,
});

export const updateSettingsBodySchema = z
  .object(
    Object.fromEntries(SETTINGS_KEYS.map((k) => [k, settingText.optional()])) as Record<
      SettingsKey,
      z.ZodOptional<typeof settingText>
    >,
  )
  .strict()
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one setting');

export const updateSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/settings',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: settings',
  summary:
    'Change some settings at once: each value is checked against its key first and nothing is saved if one is wrong; audited with before and after',
  message: 'Settings updated',
  body: updateSettingsBodySchema,
  payload: settingsPayloadSchema,
  // Fifteen texts of up to SETTING_TEXT_MAX characters, escaped once more as JSON strings.
  bodyLimit: 8 * 1_048_576,
});

export const exitTestBodySchema = z.object({ exit: proxyExitSchema });

export const exitTestPayloadSchema = z.object({
  ok: z.boolean(),
  /** The address the check service saw, when it answered. */
  exitIp: z.string().nullable(),
  /** Milliseconds from dialling the exit to the check service's whole answer (or to the failure). */
  ms: z.number().int(),
  /** Why it failed, in a sentence; null when it worked. */
  error: z.string().nullable(),
});
export type ExitTestResult = z.infer<typeof exitTestPayloadSchema>;

export const testProxyExit = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/settings/own-servers/test',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: settings',
  summary:
    'Make one real connection through an exit (bind address, prefix or upstream proxy) to the configured check service and report the address it saw',
  message: 'Exit tested',
  body: exitTestBodySchema,
  payload: exitTestPayloadSchema,
  rateLimit: { perMinute: 30 },
});

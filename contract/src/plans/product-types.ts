import { z } from 'zod';
import { LIST_FORMATS } from '../proxies/proxies';
import { PLAN_TYPES, type PlanType } from './plans';

export { publicTypeSchema, type PublicType } from './plans';

/**
 * How the shop sells each proxy type (spec §3 Others, "types config"): the name and description
 * customers read, whether it is on sale, who delivers it and which list formats the generator
 * offers. Stored as the `TypesConfig` setting; a type the setting does not name keeps its defaults,
 * which are the shop's behaviour before the setting existed.
 */

/**
 * Who delivers a type's plans (ADR 031). `plan`: each plan's provider column decides, as before;
 * `builtin` or `upstream`: every plan of the type must be delivered that way, so staff cannot save a
 * plan whose provider disagrees and the type cannot be switched while one does.
 */
export const TYPE_BACKENDS = ['plan', 'builtin', 'upstream'] as const;
export type TypeBackend = (typeof TYPE_BACKENDS)[number];

export const DEFAULT_TYPE_NAMES: Record<PlanType, string> = {
  residential: 'Residential',
  mobile: 'Mobile',
  isp: 'ISP',
  datacenter: 'Datacenter',
  ipv6: 'IPv6',
};

export const DEFAULT_TYPE_DESCRIPTIONS: Record<PlanType, string> = {
  residential: 'Rotating and sticky IPs of real households, by country, state, city and ISP.',
  mobile: 'IPs of mobile carriers, shared by thousands of phones, hard to tell from real users.',
  isp: 'Static IPs registered to consumer ISPs and hosted in data centres: residential trust, server speed.',
  datacenter: 'Fast, affordable IPs from data centres, for volume work that needs speed.',
  ipv6: 'A huge pool of IPv6 addresses for targets that accept IPv6, priced per GB.',
};

export const typeConfigSchema = z.object({
  displayName: z
    .string({ error: 'displayName: enter a name' })
    .trim()
    .min(1, 'displayName: enter a name')
    .max(40, 'displayName: at most 40 characters'),
  description: z.string({ error: 'description must be text' }).trim().max(500, 'description: at most 500 characters'),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  backend: z.enum(TYPE_BACKENDS, { error: `backend is one of ${TYPE_BACKENDS.join(', ')}` }),
  formats: z
    .array(z.enum(LIST_FORMATS, { error: `formats: each is one of ${LIST_FORMATS.join(', ')}` }), {
      error: 'formats must be a list',
    })
    .min(1, 'formats: offer at least one list format')
    .max(LIST_FORMATS.length)
    .refine((list) => new Set(list).size === list.length, 'formats: each format at most once'),
});
export type TypeConfig = z.output<typeof typeConfigSchema>;
export type TypesConfig = Record<PlanType, TypeConfig>;

export const defaultTypeConfig = (type: PlanType): TypeConfig => ({
  displayName: DEFAULT_TYPE_NAMES[type],
  description: DEFAULT_TYPE_DESCRIPTIONS[type],
  enabled: true,
  backend: 'plan',
  formats: [...LIST_FORMATS],
});

/**
 * The stored setting as the shop applies it: every type present, each either as saved or (missing,
 * unreadable) at its defaults, so a damaged value never takes a type off sale by accident.
 */
export function parseTypesConfig(value: unknown): TypesConfig {
  const stored = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(
    PLAN_TYPES.map((type) => [type, typeConfigSchema.safeParse(stored[type]).data ?? defaultTypeConfig(type)]),
  ) as TypesConfig;
}

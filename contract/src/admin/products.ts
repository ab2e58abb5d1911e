import { z } from 'zod';
import { ADMINS_AND_MANAGERS } from '../access/roles';
import { defineEndpoint } from '../endpoint';
import { PLAN_TYPES } from '../plans/plans';
import { typeConfigSchema } from '../plans/product-types';

/**
 * Spec §2 /admin/productmanage and /admin/productapi, §7 GET /admin/types-config and
 * GET /admin/packages: how each proxy type is sold, and the upstream provider the shop resells.
 */

const typeParam = z.object({
  type: z.enum(PLAN_TYPES, { error: `type is one of ${PLAN_TYPES.join(', ')}` }),
});

export const typeSummarySchema = typeConfigSchema.extend({
  type: z.enum(PLAN_TYPES),
  /** Read-only, from the OwnServers setting: the exits that serve this type (`*` ones included). */
  exits: z.object({
    count: z.number().int(),
    /** ISO codes in upper case, sorted; `anyCountry` when an exit serves every country. */
    countries: z.array(z.string()),
    anyCountry: z.boolean(),
  }),
  /** Live plans of the type: all, those on sale, and those whose provider is the upstream one. */
  plans: z.object({ total: z.number().int(), onSale: z.number().int(), upstream: z.number().int() }),
});
export type TypeSummary = z.infer<typeof typeSummarySchema>;

export const typesConfigPayloadSchema = z.object({
  types: z.array(typeSummarySchema),
  /** Whether an upstream connection is configured (stored or from the environment). */
  upstreamConfigured: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TypesConfigPayload = z.infer<typeof typesConfigPayloadSchema>;

export const adminTypesConfig = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/types-config',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: products',
  summary:
    'The five proxy types as the shop sells them: name, description, on sale or not, delivery backend, exits and list formats',
  message: 'Types config',
  payload: typesConfigPayloadSchema,
});

export const updateTypeConfig = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/types-config/{type}',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: products',
  summary:
    'Change how one type is sold; disabling it takes its plans off sale (existing subscriptions keep working). Audited; every instance follows within seconds',
  message: 'Type updated',
  params: typeParam,
  body: typeConfigSchema.strict(),
  payload: typesConfigPayloadSchema,
});

/** What the product API screen knows about the connection; the key itself never leaves the server. */
export const connectionSchema = z.object({
  /** `stored`: saved on this screen; `environment`: UPSTREAM_PROXY_API_URL/KEY; `none`. */
  source: z.enum(['stored', 'environment', 'none']),
  baseUrl: z.string().nullable(),
  /** The last 4 characters of the key in use, for recognising it. */
  keyLast4: z.string().nullable(),
  /** Whether the environment also holds a connection (the fallback when the stored one is cleared). */
  environmentConfigured: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ProductApiConnection = z.infer<typeof connectionSchema>;

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  testedAt: z.iso.datetime({ offset: true }),
  /** Milliseconds the provider took to answer. */
  ms: z.number().int(),
  /** The provider's own sentence (or ours) when it failed; null when it worked. */
  error: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const providerPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  /** GB left on the package; null when unmetered or not said. */
  remainingGb: z.number().nullable(),
  /** GB the package holds; null when not said. */
  totalGb: z.number().nullable(),
  expiresAt: z.string().nullable(),
});
export type ProviderPackage = z.infer<typeof providerPackageSchema>;

export const packagesPayloadSchema = z.object({
  connection: connectionSchema,
  /** The provider answered the status call just now; null when no connection is configured. */
  status: connectionTestSchema.nullable(),
  /** null when the provider does not report packages (its API has no such call) or did not answer. */
  packages: z.array(providerPackageSchema).nullable(),
  /** The account's balance at the provider; null when it does not report one. */
  balance: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  /** Why packages or balance are missing, in a sentence; null when both came. */
  note: z.string().nullable(),
});
export type PackagesPayload = z.infer<typeof packagesPayloadSchema>;

export const adminPackages = defineEndpoint({
  method: 'GET',
  path: '/api/v1/admin/packages',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: products',
  summary:
    "The upstream provider connection, its live status, and the provider's packages and remaining balance where its API reports them",
  message: 'Packages',
  payload: packagesPayloadSchema,
  rateLimit: { perMinute: 30 },
});

export const PRODUCT_API_KEY_MAX = 500;

export const productApiBodySchema = z
  .object({
    baseUrl: z
      .string({ error: 'baseUrl: enter the API address' })
      .trim()
      .max(500, 'baseUrl: at most 500 characters')
      .optional(),
    /** '' or absent keeps the stored key. */
    apiKey: z
      .string({ error: 'apiKey must be text' })
      .trim()
      .max(PRODUCT_API_KEY_MAX, `apiKey: at most ${PRODUCT_API_KEY_MAX} characters`)
      .refine((k) => !/\s/.test(k), 'apiKey: no spaces')
      .optional(),
    /** Removes the stored connection; the environment's (if any) applies again. */
    clear: z.boolean({ error: 'clear must be true or false' }).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.clear) {
      if (body.baseUrl || body.apiKey)
        ctx.addIssue({ code: 'custom', path: ['clear'], message: 'clear: send either clear or a connection' });
      return;
    }
    if (!body.baseUrl) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'baseUrl: enter the API address' });
  });
export type ProductApiBody = z.input<typeof productApiBodySchema>;

export const updateProductApi = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/admin/product-api',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: products',
  summary:
    'Save the upstream provider connection (the key is stored sealed and never returned; an empty key keeps the stored one) or clear it. Audited',
  message: 'Product API updated',
  body: productApiBodySchema,
  payload: connectionSchema,
});

export const testProductApi = defineEndpoint({
  method: 'POST',
  path: '/api/v1/admin/product-api/test',
  roles: ADMINS_AND_MANAGERS,
  tag: 'Admin: products',
  summary: 'Call the provider now, with the connection given (a key left empty uses the stored one) or the one in use',
  message: 'Connection tested',
  body: z
    .object({
      baseUrl: z.string().trim().max(500, 'baseUrl: at most 500 characters').optional(),
      apiKey: z
        .string()
        .trim()
        .max(PRODUCT_API_KEY_MAX, `apiKey: at most ${PRODUCT_API_KEY_MAX} characters`)
        .optional(),
    })
    .strict(),
  payload: connectionTestSchema,
  rateLimit: { perMinute: 20 },
});

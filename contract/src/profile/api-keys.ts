import { z } from 'zod';
import { CUSTOMERS } from '../access/roles';
import { defineEndpoint, type Refusal } from '../endpoint';
import { hasControlCharacter } from '../http/text';

/**
 * A customer's API keys (issue 18, ADR 038): each calls the Customer API on behalf of its account,
 * read-only or read-write. The key travels once, in the answer that creates it; only its SHA-256
 * is kept, and the first characters (`prefix`) tell keys apart afterwards.
 */
export const API_KEY_SCOPES = ['read-only', 'read-write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEYS_MAX = 10;
export const API_KEYS_FULL = `You can keep at most ${API_KEYS_MAX} active API keys; revoke one first`;
export const UNKNOWN_API_KEY = 'Unknown API key';
/** The header (and, on the whitelist call only, the query parameter) a key travels in. */
export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_QUERY = 'api_key';
/** 401 without a key, 401 with an unknown or revoked one, 403 when a read-only key asks for a change. */
export const API_KEY_MISSING = 'API key required';
export const API_KEY_INVALID = 'Invalid API key';
export const API_KEY_READ_ONLY = 'This API key is read-only';
/** The write calls of the key APIs: a read-only key may read only. */
export const READ_ONLY_KEY: Refusal = {
  status: 403,
  message: API_KEY_READ_ONLY,
  when: 'A read-only key asked for a change',
};

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, e.g. `tg_live_Ab3dE9`. */
  prefix: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** To the minute; null until first used. */
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z.object({
  name: z
    .string({ error: 'Name the key' })
    .trim()
    .min(1, 'Name the key')
    .max(60, 'Keep the name under 60 characters')
    .refine((v) => !hasControlCharacter(v), 'The name cannot hold control characters'),
  scope: z.enum(API_KEY_SCOPES, { error: 'Choose read-only or read-write' }),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const myApiKeys = defineEndpoint({
  method: 'GET',
  path: '/api/v1/public/api-keys',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'My active API keys (the keys themselves are never shown again)',
  message: 'API keys',
  payload: z.object({ items: z.array(apiKeySchema), max: z.number().int() }),
});

export const createApiKey = defineEndpoint({
  method: 'POST',
  path: '/api/v1/public/api-keys',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: `Create an API key for the Customer API (at most ${API_KEYS_MAX} active); the key is in this answer only`,
  message: 'API key created',
  body: createApiKeyBodySchema,
  payload: z.object({ apiKey: apiKeySchema, key: z.string() }),
  rateLimit: { perMinute: 20 },
});

export const revokeApiKey = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/public/api-keys/{id}',
  roles: CUSTOMERS,
  tag: 'Profile',
  summary: 'Revoke one of my API keys; calls with it answer 401 from then on',
  message: 'API key revoked',
  params: z.object({ id: z.uuid(UNKNOWN_API_KEY) }),
  payload: z.null(),
});

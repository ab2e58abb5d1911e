import type { OpenApiOperation, OpenApiParameter } from '../api/get-openapi.ts';
import type { Credential, ExampleCall } from '@tollgate/contract/api-samples';
import { exampleOf, type JsonSchema } from './schema.ts';

/** The header OpenAPI declares on every call that charges (contract/src/openapi.ts). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The security schemes of contract/src/openapi.ts, by the credential each one is. */
const SCHEME_CREDENTIAL: Record<string, Credential> = {
  bearerAuth: 'bearer',
  resellerApiKey: 'apiKey',
  customerApiKey: 'apiKey',
};

/** What an operation authenticates with, read from its first OpenAPI security requirement. */
export function credentialsOf(operation: OpenApiOperation): Credential[] {
  const credentials = Object.keys(operation.security?.[0] ?? {}).map((scheme) => SCHEME_CREDENTIAL[scheme]);
  return (['apiKey', 'bearer'] as const).filter((credential) => credentials.includes(credential));
}

/** Parameters a reader can type: path, query and header; `api_key` is the key field's business. */
export const editableParameters = (operation: OpenApiOperation): OpenApiParameter[] =>
  (operation.parameters ?? []).filter((p) => p.name !== 'api_key');

export const bodySchemaOf = (operation: OpenApiOperation): JsonSchema | undefined =>
  operation.requestBody?.content?.['application/json']?.schema;

/**
 * A fresh Idempotency-Key: 32 hex digits (128 random bits), inside the contract's 8-100 of
 * [A-Za-z0-9_.:-]. getRandomValues, not randomUUID: the latter is missing on a plain-http origin.
 */
export const freshIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Starting values: empty, except a fresh Idempotency-Key for a call that charges. */
export function initialValues(parameters: readonly OpenApiParameter[]): Record<string, string> {
  return Object.fromEntries(
    parameters
      .filter((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER)
      .map((p) => [p.name, freshIdempotencyKey()]),
  );
}

/** The body editor's first text: the schema's example, with the page's own values over it. */
export function initialBody(schema: JsonSchema | undefined, overrides: Record<string, unknown> = {}): string {
  if (!schema) return '';
  const example = exampleOf(schema);
  const merged =
    example && typeof example === 'object' && !Array.isArray(example) ? { ...example, ...overrides } : example;
  return JSON.stringify(merged, null, 2);
}

export function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

const placeholder = (name: string) => `YOUR_${name.replace(/[^A-Za-z0-9]+/g, '_').toUpperCase()}`;

/** `/x/{id}` with the typed values; with `placeholders`, an empty one reads YOUR_ID (for examples). */
export function fillTemplate(path: string, values: Record<string, string>, placeholders: boolean): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name] ?? '';
    if (value) return encodeURIComponent(value);
    return placeholders ? placeholder(name) : whole;
  });
}

/** The call as the examples show it: typed values, placeholders for required ones not typed yet. */
export function exampleCallOf(options: {
  origin: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
  values: Record<string, string>;
  bodyText: string;
}): ExampleCall {
  const { operation, values } = options;
  const parameters = editableParameters(operation);
  const pick = (where: OpenApiParameter['in']) =>
    Object.fromEntries(
      parameters
        .filter((p) => p.in === where)
        .map((p) => [p.name, values[p.name] || (p.required ? placeholder(p.name) : '')]),
    );
  const schema = bodySchemaOf(operation);
  const parsed = schema ? parseBody(options.bodyText) : null;
  return {
    origin: options.origin,
    method: options.method,
    path: fillTemplate(options.path, values, true),
    query: pick('query'),
    auth: credentialsOf(operation),
    headers: pick('header'),
    ...(operation.operationId ? { operationId: operation.operationId, params: pick('path') } : {}),
    ...(schema ? { body: parsed?.ok ? parsed.value : exampleOf(schema) } : {}),
  };
}

import { z } from 'zod';
import type { Endpoint, Refusal } from './endpoint';
import { api } from './endpoints';
import { envelopeSchema, errorEnvelopeSchema } from './http/envelope';
import { refusalsOf } from './http/refusals';
import { API_KEY_HEADER, API_KEY_QUERY } from './profile/api-keys';

type JsonSchema = Record<string, unknown>;

const NAMES = new Map<Endpoint, string>(Object.entries(api).map(([name, endpoint]) => [endpoint, name]));

export function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

function parameters(endpoint: Endpoint) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      list.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
    }
  }
  return list;
}

/**
 * The security schemes, one per credential the server's route hook checks: a session's bearer token,
 * a reseller key (always with the same account's bearer token, spec §6 and rule 136) and a customer
 * key (in the header or, where `keyAuth.inQuery`, the `api_key` query parameter).
 */
export const SECURITY_SCHEMES = {
  bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from sign-in' },
  resellerApiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description: 'A reseller API key, sent together with a bearer token of the same account',
  },
  customerApiKey: {
    type: 'apiKey',
    in: 'header',
    name: API_KEY_HEADER,
    description: 'A customer API key from Settings → API keys',
  },
  customerApiKeyInQuery: {
    type: 'apiKey',
    in: 'query',
    name: API_KEY_QUERY,
    description: 'The customer API key as a query parameter, where a call allows it (prefer the header)',
  },
} as const;
export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/** What an endpoint's row says the server checks; each object lists credentials required together. */
export function securityOf(endpoint: Endpoint): Array<Partial<Record<SecurityScheme, []>>> {
  if (endpoint.roles.includes('anonymous')) return [];
  if (endpoint.apiKey) return [{ bearerAuth: [], resellerApiKey: [] }];
  if (endpoint.keyAuth)
    return endpoint.keyAuth.inQuery
      ? [{ customerApiKey: [] }, { customerApiKeyInQuery: [] }]
      : [{ customerApiKey: [] }];
  return [{ bearerAuth: [] }];
}

const errorEnvelopeJson = toSchema(errorEnvelopeSchema, 'output');

/** One status's refusals: the exact messages as an enum of `message`, an example of each. */
function refusalResponse(refusals: readonly Refusal[]) {
  const messages = [...new Set(refusals.map((r) => r.message))];
  const properties = errorEnvelopeJson.properties as Record<string, JsonSchema>;
  const schema = {
    ...errorEnvelopeJson,
    properties: {
      ...properties,
      status: { ...properties.status, const: refusals[0]!.status },
      message: { type: 'string', enum: messages },
    },
  };
  return {
    description: refusals.map((r) => `${r.message}: ${r.when}`).join('; '),
    content: {
      'application/json': {
        schema,
        examples: Object.fromEntries(
          refusals.map((r, i) => [
            `refusal${i + 1}`,
            {
              summary: r.when,
              value: { status: r.status, message: r.message, payload: { error: r.message } },
            },
          ]),
        ),
      },
    },
    ...(refusals[0]!.status === 429 || refusals[0]!.status === 503
      ? {
          headers: {
            'Retry-After': { description: 'Seconds to wait before calling again', schema: { type: 'integer' } },
          },
        }
      : {}),
  };
}

function refusalResponses(endpoint: Endpoint) {
  const byStatus = new Map<number, Refusal[]>();
  for (const refusal of refusalsOf(endpoint))
    byStatus.set(refusal.status, [...(byStatus.get(refusal.status) ?? []), refusal]);
  return Object.fromEntries([...byStatus].map(([status, refusals]) => [status, refusalResponse(refusals)]));
}

/** JSON Schema of an endpoint's success envelope, as sent on the wire (encoded payloads are strings). */
export function successSchema(endpoint: Endpoint): JsonSchema {
  const payload = endpoint.encoded ? z.string() : endpoint.payload;
  return toSchema(envelopeSchema(payload), 'output');
}

/** OpenAPI 3.1 document of the endpoint table, roles included as `x-roles`. */
export function buildOpenApi(endpoints: readonly Endpoint[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const operation: Record<string, unknown> = {
      // The endpoint table's name: the typed client (@tollgate/contract/client) calls it by this name.
      operationId: NAMES.get(endpoint) ?? `${endpoint.method.toLowerCase()} ${endpoint.path}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      'x-roles': [...endpoint.roles],
      'x-success-message': endpoint.message,
      security: securityOf(endpoint),
      parameters: [
        ...parameters(endpoint),
        ...(endpoint.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: endpoint.idempotent === 'required',
                description:
                  endpoint.idempotent === 'required'
                    ? 'Your unique id of this request (8-100 characters): a retry with the same key and body answers the first result and charges nothing more'
                    : 'Optional, and recommended: your unique id of this request (8-100 characters). A retry with the same key and body answers the first result and charges nothing more; without one each call is a new order, so a retry after a lost answer may sell and charge twice',
                schema: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
              },
            ]
          : []),
      ],
      responses: {
        200: {
          description: endpoint.message,
          content: { 'application/json': { schema: successSchema(endpoint) } },
        },
        ...refusalResponses(endpoint),
      },
    };
    if (endpoint.keyAuth) operation['x-rate-limit'] = { perMinute: endpoint.keyAuth.perMinute, per: 'api-key' };
    if (endpoint.encoded) operation['x-encoded-payload'] = toSchema(endpoint.payload, 'output');
    if (endpoint.messages) operation['x-other-messages'] = Object.values(endpoint.messages);
    if (endpoint.multipart) {
      const { field, maxBytes, types, form } = endpoint.multipart;
      const file = { type: 'string', format: 'binary', description: `${types.join(', ')}; at most ${maxBytes} bytes` };
      const schema = form
        ? {
            type: 'object',
            required: [form.json],
            properties: {
              [form.json]: {
                type: 'string',
                description: 'The JSON body',
                'x-json': toSchema(endpoint.body!, 'input'),
              },
              ...Object.fromEntries(form.files.map((name) => [name, file])),
            },
          }
        : { type: 'object', required: [field], properties: { [field]: file } };
      operation.requestBody = { required: true, content: { 'multipart/form-data': { schema } } };
    } else if (endpoint.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(endpoint.body, 'input') } },
      };
    }
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tollgate API',
      version: info.version,
      description:
        "Every response is an envelope {status, message, payload}; each refusal's exact message is listed under its status. Roles per operation are listed in x-roles.",
    },
    servers: info.serverUrl ? [{ url: info.serverUrl }] : [],
    components: {
      securitySchemes: SECURITY_SCHEMES,
    },
    paths,
  };
}

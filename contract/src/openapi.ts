import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { envelopeSchema, errorEnvelopeSchema } from './http/envelope';

type JsonSchema = Record<string, unknown>;

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

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: toSchema(errorEnvelopeSchema, 'output') } },
});

/** JSON Schema of an endpoint's success envelope, as sent on the wire (encoded payloads are strings). */
export function successSchema(endpoint: Endpoint): JsonSchema {
  const payload = endpoint.encoded ? z.string() : endpoint.payload;
  return toSchema(envelopeSchema(payload), 'output');
}

/** OpenAPI 3.1 document of the endpoint table, roles included as `x-roles`. */
export function buildOpenApi(endpoints: readonly Endpoint[], info: { version: string; serverUrl?: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const isPublic = endpoint.roles.includes('anonymous');
    const operation: Record<string, unknown> = {
      operationId: `${endpoint.method.toLowerCase()} ${endpoint.path}`,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      'x-roles': [...endpoint.roles],
      'x-success-message': endpoint.message,
      security: isPublic
        ? []
        : endpoint.keyAuth && endpoint.apiKey
          ? [{ bearer: [], apiKey: [] }]
          : endpoint.keyAuth
            ? [{ apiKey: [] }]
            : endpoint.apiKey
              ? [{ bearer: [], apiKey: [] }]
              : [{ bearer: [] }],
      parameters: [
        ...parameters(endpoint),
        ...(endpoint.idempotent
          ? [
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: true,
                description:
                  'Your unique id of this request (8-100 characters): a retry with the same key and body answers the first result and charges nothing more',
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
        400: errorResponse(
          endpoint.idempotent
            ? 'Validation Error naming the field (payload.fields), a missing or malformed Idempotency-Key header, or a rule of the call was not met'
            : 'Validation Error naming the field (payload.fields), or a rule of the call was not met',
        ),
        ...(endpoint.keyAuth
          ? {
              401: errorResponse(
                endpoint.apiKey
                  ? 'No API key or an unknown or revoked one; no bearer token, an invalid or expired one, or one of another account than the key'
                  : 'No API key, or an unknown or revoked one',
              ),
              403: errorResponse('A read-only key asked for a change, or the account may not use this call'),
              404: errorResponse(endpoint.apiKey ? 'No such plan or sub-user among yours' : 'No such plan among yours'),
            }
          : isPublic
            ? {}
            : {
                401: errorResponse('jwt expired, or the session was revoked'),
                403: errorResponse('unauthorized (no valid token) or forbidden (role)'),
              }),
        ...(endpoint.idempotent
          ? { 422: errorResponse('The Idempotency-Key was already used with a different request') }
          : {}),
        429: {
          ...errorResponse(
            endpoint.keyAuth
              ? `More than ${endpoint.keyAuth.perMinute} calls a minute with this key; Retry-After says when to call again`
              : 'Too many requests',
          ),
          headers: {
            'Retry-After': { description: 'Seconds to wait before calling again', schema: { type: 'integer' } },
          },
        },
        500: errorResponse('Internal Server Error, with a request id'),
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
        'Every response is an envelope {status, message, payload}. Roles per operation are listed in x-roles.',
    },
    servers: info.serverUrl ? [{ url: info.serverUrl }] : [],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
    paths,
  };
}

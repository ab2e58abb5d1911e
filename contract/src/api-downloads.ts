// No zod here: the documentation pages build their downloads from the served OpenAPI document.
import { customerMayCall } from './access/roles';

/**
 * The downloads of the API documentation pages (issue 33, item 5), made from the OpenAPI document
 * the server serves (contract/src/openapi.ts): the customers' part of it, and the same part as a
 * Postman collection (v2.1, which Insomnia imports too).
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  'x-roles'?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface OpenApiJson {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string }>;
  components?: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
}

/** The document with only the calls a customer or reseller may make (staff-only calls left out). */
export function customerDocument<D extends OpenApiJson>(doc: D): D {
  const paths: OpenApiJson['paths'] = {};
  for (const [path, methods] of Object.entries(doc.paths)) {
    const kept = Object.entries(methods).filter(([, operation]) => customerMayCall(operation['x-roles'] ?? []));
    if (kept.length > 0) paths[path] = Object.fromEntries(kept);
  }
  return { ...doc, paths };
}

/** A value of the schema's shape for a request body to fill in: required fields, first choices, zeros. */
function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    const required = new Set(schema.required ?? []);
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([name]) => required.has(name))
        .map(([name, property]) => [name, sampleOf(property)]),
    );
  }
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  return '';
}

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/**
 * A Postman collection v2.1 of every operation, a folder per tag. Variables: `baseUrl`, `apiKey`,
 * `token`; a call that charges sends a fresh `Idempotency-Key` ({{$guid}}) each time it is sent.
 */
export function postmanCollection(doc: OpenApiJson, baseUrl: string) {
  const folders = new Map<string, unknown[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const schemes = Object.keys(operation.security?.[0] ?? {});
      const header = [
        ...(schemes.some((s) => /ApiKey$/.test(s)) ? [{ key: 'x-api-key', value: '{{apiKey}}' }] : []),
        ...(schemes.includes('bearerAuth') ? [{ key: 'Authorization', value: 'Bearer {{token}}' }] : []),
        ...(operation.parameters ?? [])
          .filter((p) => p.in === 'header')
          .map((p) => ({ key: p.name, value: p.name === 'Idempotency-Key' ? '{{$guid}}' : '' })),
      ];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (body) header.push({ key: 'content-type', value: 'application/json' });
      const segments = path
        .replace(/^\//, '')
        .replace(/\{(\w+)\}/g, ':$1')
        .split('/');
      const query = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' && p.name !== 'api_key')
        .map((p) => ({
          key: p.name,
          value: '',
          disabled: !p.required,
          ...(p.description ? { description: p.description } : {}),
        }));
      const enabled = query.filter((q) => !q.disabled).map((q) => `${q.key}=`);
      const request = {
        method: method.toUpperCase(),
        header,
        url: {
          raw: `{{baseUrl}}/${segments.join('/')}${enabled.length ? `?${enabled.join('&')}` : ''}`,
          host: ['{{baseUrl}}'],
          path: segments,
          ...(query.length ? { query } : {}),
          ...(/\{\w+\}/.test(path)
            ? { variable: [...path.matchAll(/\{(\w+)\}/g)].map(([, key]) => ({ key, value: '' })) }
            : {}),
        },
        ...(body
          ? {
              body: {
                mode: 'raw',
                raw: JSON.stringify(sampleOf(body), null, 2),
                options: { raw: { language: 'json' } },
              },
            }
          : {}),
        description: operation.summary ?? '',
      };
      const tag = operation.tags?.[0] ?? 'Other';
      const item = { name: operation.operationId ?? `${method.toUpperCase()} ${path}`, request, response: [] };
      folders.set(tag, [...(folders.get(tag) ?? []), item]);
    }
  }
  return {
    info: {
      name: `${doc.info.title} ${doc.info.version}`,
      description: doc.info.description ?? '',
      schema: POSTMAN_SCHEMA,
    },
    variable: [
      { key: 'baseUrl', value: baseUrl },
      { key: 'apiKey', value: '' },
      { key: 'token', value: '' },
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}

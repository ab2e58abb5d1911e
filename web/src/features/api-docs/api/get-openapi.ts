import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JsonSchema } from '../utils/schema.ts';

export interface OpenApiParameter {
  name: string;
  description?: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: JsonSchema;
}

/** A refusal's example: `summary` says when, `value` is the envelope with the exact message. */
export interface OpenApiExample {
  summary?: string;
  value?: { status?: number; message?: string };
}

export interface OpenApiResponse {
  description?: string;
  content?: Record<string, { schema?: JsonSchema; examples?: Record<string, OpenApiExample> }>;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  'x-roles'?: string[];
  'x-success-message'?: string;
  'x-encoded-payload'?: JsonSchema;
  'x-rate-limit'?: { perMinute: number; per: string };
  security?: Array<Record<string, unknown>>;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The OpenAPI document is plain JSON, not an envelope, so it bypasses the api client. */
export async function getOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  const response = await fetch('/api/v1/openapi.json', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The API description could not be loaded (HTTP ${response.status}).`);
  return (await response.json()) as OpenApiDocument;
}

export const openApiQueryOptions = () =>
  queryOptions({ queryKey: ['openapi'], queryFn: ({ signal }) => getOpenApi(signal), staleTime: 10 * 60_000 });

export function useOpenApi() {
  return useQuery(openApiQueryOptions());
}

let description: Promise<OpenApiDocument> | null = null;
/** Route loader of the documentation pages: one read of the API description per visit, shared by all. */
export function openApiLoader() {
  description ??= getOpenApi().catch((error: unknown) => {
    description = null;
    throw error;
  });
  return description;
}

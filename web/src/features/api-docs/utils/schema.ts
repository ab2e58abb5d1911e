/** The subset of JSON Schema (draft 2020-12, as zod emits it) that the docs page reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  default?: unknown;
  examples?: unknown[];
  description?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

const STRING_EXAMPLES: Record<string, string> = {
  'date-time': '2026-11-21T12:00:00.000Z',
  date: '2026-11-21',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3f1c2b9e-8a41-4c55-9a0e-6f1d2c3b4a5d',
};

const isNull = (schema: JsonSchema) => schema.type === 'null';

/** zod writes ±MAX_SAFE_INTEGER as the bounds of every int; they say nothing to a reader. */
const bound = (value: number | undefined) =>
  value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;

/** A plausible example value for a schema, used for the envelope samples. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(variants.find((variant) => !isNull(variant)) ?? variants[0], depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, depth + 1) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, depth + 1)]),
      );
    case 'array':
      return schema.items ? [exampleOf(schema.items, depth + 1)] : [];
    case 'string':
      return STRING_EXAMPLES[schema.format ?? ''] ?? 'string';
    case 'integer':
    case 'number':
      return bound(schema.minimum) ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return null;
  }
}

/** A short human type: `string (email)`, `"User" | "Manager"`, `number[]`, `string | null`. */
export function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeLabel))].join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') return `${typeLabel(schema.items)}[]`;
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  return schema.type ?? 'any';
}

/** Bounds worth telling a client about, e.g. `1–254 chars`, `min 1`. */
export function constraintsOf(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    parts.push(`${schema.minLength ?? 0}–${schema.maxLength ?? '∞'} chars`);
  }
  const minimum = bound(schema.minimum);
  const maximum = bound(schema.maximum);
  if (minimum !== undefined) parts.push(`min ${minimum}`);
  if (maximum !== undefined) parts.push(`max ${maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(', ');
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  notes: string;
}

/** Flattens an object schema into rows; nested objects appear as `parent.child`. */
export function fieldsOf(schema: JsonSchema | undefined, prefix = '', depth = 0): Field[] {
  if (!schema?.properties || depth > 3) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    const row: Field = {
      name,
      type: typeLabel(value),
      required: required.has(key),
      notes: [value.description, constraintsOf(value)].filter(Boolean).join(' · '),
    };
    return value.properties ? [row, ...fieldsOf(value, name, depth + 1)] : [row];
  });
}

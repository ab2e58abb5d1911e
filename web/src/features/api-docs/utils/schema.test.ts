import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentUserSchema, loginBodySchema } from '@tollgate/contract/auth/session';
import { exampleOf, fieldsOf, typeLabel, type JsonSchema } from './schema.ts';

const json = (schema: z.ZodType, io: 'input' | 'output' = 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

describe('api docs schema helpers', () => {
  it('lists request body fields with types, required flags and bounds', () => {
    expect(fieldsOf(json(loginBodySchema, 'input'))).toEqual([
      { name: 'login', type: 'string', required: true, notes: '1–254 chars' },
      { name: 'password', type: 'string', required: true, notes: '1–128 chars' },
    ]);
  });

  it('builds an example that satisfies the payload schema', () => {
    const example = exampleOf(json(currentUserSchema));
    expect(currentUserSchema.safeParse(example).success).toBe(true);
  });

  it('labels enums, unions, arrays and formats', () => {
    expect(typeLabel(json(z.enum(['a', 'b'])))).toBe('"a" | "b"');
    expect(typeLabel(json(z.string().nullable()))).toBe('string | null');
    expect(typeLabel(json(z.array(z.number())))).toBe('number[]');
    expect(typeLabel(json(z.iso.datetime()))).toBe('string (date-time)');
  });
});

describe('integer bounds', () => {
  it('hides the safe-integer bounds zod adds to every int', () => {
    const schema = json(z.object({ page: z.number().int().min(1).default(1), count: z.number().int() }), 'input');
    expect(fieldsOf(schema)).toEqual([
      { name: 'page', type: 'integer', required: false, notes: 'min 1, default 1' },
      { name: 'count', type: 'integer', required: true, notes: '' },
    ]);
    expect(exampleOf(schema)).toEqual({ page: 1, count: 0 });
  });
});

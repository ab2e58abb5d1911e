import { z } from 'zod';

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorEnvelopeSchema = z.object({
  status: z.number().int(),
  message: z.string(),
  payload: z.object({
    error: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
    requestId: z.string().optional(),
    retryAfterSeconds: z.number().optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeSchema<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.number().int(), message: z.string(), payload });
}
export interface Envelope<T> {
  status: number;
  message: string;
  payload: T;
}

/** Lists: 1-based page, size 20 by default, `0` = whole list where an endpoint allows it. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(0).max(100).default(20),
  search: z.string().trim().max(200).optional(),
});
/** A list's page, size and search, each refusal naming its field; `size` from 1 to `max`. */
export function pagedQuery(size: { max: number; default: number }) {
  return z.object({
    page: z.coerce
      .number({ error: 'page: a page number' })
      .int('page: a whole number')
      .min(1, 'page: at least 1')
      .default(1),
    size: z.coerce
      .number({ error: 'size: a page size' })
      .int('size: a whole number')
      .min(1, 'size: at least 1')
      .max(size.max, `size: at most ${size.max}`)
      .default(size.default),
    search: z.string().trim().max(200, 'search: at most 200 characters').optional(),
  });
}
export function listPayloadSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

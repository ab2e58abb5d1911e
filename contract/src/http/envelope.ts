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
export function listPayloadSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

import type { FieldError } from '@tollgate/contract/http/envelope';
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath } from '@tollgate/contract/http/text';
import type { z } from 'zod';
import { validationError } from './errors';

export function parseOrThrow<T extends z.ZodType>(
  schema: T | undefined,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<T> {
  if (!schema) return undefined as z.output<T>;
  const bad = controlCharacterPath(value);
  if (bad) throw validationError([{ path: [where, ...bad].join('.'), message: CONTROL_CHARACTER_MESSAGE }]);
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const fields: FieldError[] = result.error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw validationError(fields);
}

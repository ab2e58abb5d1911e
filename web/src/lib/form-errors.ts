import { MESSAGES } from '@tollgate/contract/http/messages';
import { ApiError, NetworkError } from './api-client.ts';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;
/** Spec §8 (rule 89): a `Network Error` is logged by the api client and shown nowhere, forms included. */
export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

type Issue = { path: string | readonly PropertyKey[]; message: string };

/**
 * Zod issues use `['email']`; the server reports `body.email`. Both map to the form field; issues
 * about anything the form does not show (a link token, say) come back in `rest`.
 */
export function fieldErrorsOf<K extends string>(
  issues: readonly Issue[],
  keys: readonly K[],
): { fields: FieldErrors<K>; rest: string[] } {
  const fields: FieldErrors<K> = {};
  const rest: string[] = [];
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const key = (path[0] === 'body' || path[0] === 'query' ? path[1] : path[0]) as K;
    if (keys.includes(key)) fields[key] ??= issue.message;
    else rest.push(issue.message);
  }
  return { fields, rest };
}

/** Spec §5: 'Validation Error' is never shown as text, its field details are; other messages are. */
export function describeError<K extends string>(
  error: unknown,
  keys: readonly K[],
): { form?: string; fields: FieldErrors<K> } {
  if (error instanceof ApiError) {
    if (error.message !== MESSAGES.validation) return { form: error.message, fields: {} };
    const { fields, rest } = fieldErrorsOf(error.fields, keys);
    return { form: rest.length > 0 ? rest.join(' ') : undefined, fields };
  }
  if (isNetworkError(error)) return { fields: {} };
  return { form: 'Something went wrong', fields: {} };
}

/** One line for a failed call outside a form (toasts, result pages). */
export function errorMessage(error: unknown): string {
  return describeError(error, []).form ?? 'Something went wrong';
}

/** The wait a 429 asks for (its payload carries `retryAfterSeconds`), else `fallback`. */
export function retryAfterOf(error: unknown, fallback = 60): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const seconds = (error.payload as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : fallback;
}

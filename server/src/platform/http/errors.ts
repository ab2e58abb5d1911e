import type { FieldError } from '@tollgate/contract/http/envelope';
import { MESSAGES } from '@tollgate/contract/http/messages';

/** A failure the caller can act on. The error handler turns it into the error envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { error?: string; fields?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message, { error: message });
export const validationError = (fields: FieldError[]) =>
  new AppError(400, MESSAGES.validation, { error: MESSAGES.validation, fields });
export const jwtExpired = () => new AppError(401, MESSAGES.jwtExpired, { error: 'The access token has expired' });
export const sessionRevoked = () =>
  new AppError(401, MESSAGES.sessionRevoked, { error: 'This session has ended; sign in again' });
export const unauthorized = () =>
  new AppError(403, MESSAGES.unauthorized, { error: 'A valid access token is required' });
export const forbidden = () => new AppError(403, MESSAGES.forbidden, { error: 'Your account may not use this call' });
export const notFound = (what = 'Not Found') => new AppError(404, MESSAGES.notFound, { error: what });

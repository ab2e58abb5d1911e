import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@tollgate/contract/profile/profile';
import { ApiError } from '#lib/api-client.ts';
import { describeError } from '#lib/form-errors.ts';

/** Spec §8 avatar messages, and the success toasts (the endpoints' own messages). */
export const AVATAR_MESSAGES = {
  updated: 'Avatar updated',
  updateFailed: 'Failed to update avatar.',
  updateError: 'Avatar update failed.',
  deleted: 'Avatar deleted',
  deleteFailed: 'Failed to delete avatar.',
  deleteError: 'Avatar delete failed.',
} as const;

/** The server answered with a failure: 'Failed to update avatar.' and why; anything else (network). */
export function avatarUploadError(error: unknown): string {
  if (!(error instanceof ApiError)) return AVATAR_MESSAGES.updateError;
  const detail = describeError(error, []).form;
  return detail ? `${AVATAR_MESSAGES.updateFailed} ${detail}` : AVATAR_MESSAGES.updateFailed;
}

export function avatarDeleteError(error: unknown): string {
  return error instanceof ApiError ? AVATAR_MESSAGES.deleteFailed : AVATAR_MESSAGES.deleteError;
}

const NAMES: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};
const names = AVATAR_TYPES.map((type) => NAMES[type] ?? type);
/** `PNG, JPEG, WebP or GIF` */
const KINDS = `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
const MEGABYTES = AVATAR_MAX_BYTES / 1024 / 1024;

/** The same limits the server applies, checked before uploading; null when the file may go. */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
    return `${AVATAR_MESSAGES.updateFailed} Choose a ${KINDS} image.`;
  }
  if (file.size > AVATAR_MAX_BYTES) {
    return `${AVATAR_MESSAGES.updateFailed} The image is larger than ${MEGABYTES} MB.`;
  }
  return null;
}

export const AVATAR_HINT = `${KINDS}, up to ${MEGABYTES} MB.`;

import { describe, expect, it } from 'vitest';
import { ApiError } from '#lib/api-client.ts';
import { AVATAR_HINT, avatarDeleteError, avatarUploadError, checkAvatarFile } from './avatar-messages.ts';

describe('avatar messages (spec §8)', () => {
  it('an upload the server refused: "Failed to update avatar." plus its message', () => {
    const error = new ApiError(400, 'The file is not a PNG, JPEG, WebP or GIF image', { error: 'x' });
    expect(avatarUploadError(error)).toBe('Failed to update avatar. The file is not a PNG, JPEG, WebP or GIF image');
  });

  it('a refused upload with field details shows the details, never "Validation Error"', () => {
    const error = new ApiError(400, 'Validation Error', { fields: [{ path: 'file', message: 'File is too large' }] });
    expect(avatarUploadError(error)).toBe('Failed to update avatar. File is too large');
  });

  it('an upload that failed without an answer (network): "Avatar update failed."', () => {
    expect(avatarUploadError(new TypeError('Failed to fetch'))).toBe('Avatar update failed.');
  });

  it('delete: "Failed to delete avatar." for a server failure, "Avatar delete failed." otherwise', () => {
    expect(avatarDeleteError(new ApiError(500, 'Internal Server Error', null))).toBe('Failed to delete avatar.');
    expect(avatarDeleteError(new TypeError('Failed to fetch'))).toBe('Avatar delete failed.');
  });

  it('checks type and size before uploading', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'Failed to update avatar. The image is larger than 2 MB.',
    );
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe(
      'Failed to update avatar. Choose a PNG, JPEG, WebP or GIF image.',
    );
    expect(AVATAR_HINT).toBe('PNG, JPEG, WebP or GIF, up to 2 MB.');
  });
});

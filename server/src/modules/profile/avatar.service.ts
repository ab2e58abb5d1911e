import type { MultipartFile } from '@fastify/multipart';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@tollgate/contract/profile/profile';
import { AppError } from '#platform/http/errors.ts';
import { reencodeImage } from '#platform/storage/image-reencode.ts';
import { sniffImageType } from '#platform/storage/uploads.ts';
import type { ProfileDeps } from './profile.deps';
import { accountsRepository, type AccountRow } from '#platform/accounts/accounts.repository.ts';

export const AVATAR_TOO_LARGE = 'The image is larger than 2 MB';
export const AVATAR_NOT_IMAGE = 'Upload a PNG, JPEG, WebP or GIF image';
export const AVATAR_TOO_MANY_PIXELS = 'Avatar update failed: the image is over 40 megapixels. Upload a smaller one.';
/** Avatars are shown small; stored at most this many pixels a side. */
export const AVATAR_MAX_SIDE = 512;

export function createAvatarService(deps: ProfileDeps) {
  return {
    async upload(account: AccountRow, file: MultipartFile | undefined) {
      if (!file) throw new AppError(400, 'Choose an image to upload');
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError(400, AVATAR_TOO_LARGE);
      });
      if (file.file.truncated || bytes.length > AVATAR_MAX_BYTES) throw new AppError(400, AVATAR_TOO_LARGE);
      // The bytes decide, not the name or the browser's claim: an SVG or a renamed text file is refused.
      const type = sniffImageType(bytes);
      if (!type || !(AVATAR_TYPES as readonly string[]).includes(type)) throw new AppError(400, AVATAR_NOT_IMAGE);
      const image = await reencodeImage(bytes, AVATAR_MAX_SIDE);
      if (!image.ok)
        throw new AppError(400, image.reason === 'too-many-pixels' ? AVATAR_TOO_MANY_PIXELS : AVATAR_NOT_IMAGE);
      const avatarUrl = await deps.uploads.save('avatars', image.bytes, image.type, 'avatar');
      await accountsRepository.update(deps.db, account.id, { avatarUrl });
      await deps.uploads.remove(account.avatarUrl);
      return { avatarUrl };
    },

    async remove(account: AccountRow) {
      await accountsRepository.update(deps.db, account.id, { avatarUrl: null });
      await deps.uploads.remove(account.avatarUrl);
      return null;
    },
  };
}
export type AvatarService = ReturnType<typeof createAvatarService>;

import { randomBytes } from 'node:crypto';

/** Spec §9: the 6-character suffix that names generated things (uploads, proxy users, sub-users). */
export const randomSuffix = () => randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 6).toLowerCase();

/** A credential people copy into tools: letters and digits only, no look-alike symbols. */
export const randomSecret = (length = 16) =>
  randomBytes(length * 2)
    .toString('base64url')
    .replace(/[-_]/g, '')
    .slice(0, length);

import sharp from 'sharp';

/** 40 megapixels: any real photo fits; a "decompression bomb" declaring 20000x20000 does not. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type Reencoded =
  { ok: true; bytes: Buffer; type: 'image/webp' } | { ok: false; reason: 'undecodable' | 'too-many-pixels' };

/**
 * Decodes an uploaded image and writes a new one at most `box` pixels a side, so what is stored is
 * never the uploader's bytes: no EXIF (location, camera), no trailing payload, no huge canvas for
 * a browser to unpack. The declared size is read from the header before any pixel is decoded.
 */
export async function reencodeImage(
  bytes: Buffer,
  box: number,
  /** `cover`: cropped to exactly box x box (a portrait); `inside`: the whole image, at most box a side. */
  fit: 'inside' | 'cover' = 'inside',
): Promise<Reencoded> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(bytes, { ...options, limitInputPixels: false }).metadata());
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
  if (!width || !height) return { ok: false, reason: 'undecodable' };
  if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: 'too-many-pixels' };
  try {
    const out = await sharp(bytes, options)
      .rotate() // EXIF orientation applied to the pixels, since the EXIF itself is dropped
      .resize(box, box, { fit, withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
    return { ok: true, bytes: out, type: 'image/webp' };
  } catch {
    return { ok: false, reason: 'undecodable' };
  }
}

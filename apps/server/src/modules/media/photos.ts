import sharp from 'sharp';

/** Longest side of the feed picture and of the full view. */
export const FEED_MAX = 1080;
export const FULL_MAX = 2048;

export interface ProcessedPhoto {
  feed: Buffer;
  full: Buffer;
  width: number;
  height: number;
  placeholder: string;
}

/** Pixel limit against decompression bombs (about 50 megapixels). */
const PIXELS_MAX = 50_000_000;

/**
 * A photo re-encoded (SECURITY.md 24): turned upright by its EXIF orientation, then written anew
 * as WebP in two sizes, with no metadata at all (sharp keeps none unless asked: no EXIF, no GPS,
 * no camera), plus a 16 px placeholder. A still photo is decoded once, already shrunk to the full
 * view's size (a JPEG is decoded at a fraction of its size when it can), and the three outputs are
 * made from those pixels. An animated GIF stays animated. A file that does not decode throws.
 */
export async function processPhoto(path: string): Promise<ProcessedPhoto> {
  const meta = await sharp(path, { limitInputPixels: PIXELS_MAX }).metadata();
  if ((meta.pages ?? 1) > 1) return processAnimated(path);
  const { data, info } = await sharp(path, { limitInputPixels: PIXELS_MAX })
    .rotate()
    .resize({ width: FULL_MAX, height: FULL_MAX, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [full, feed, tiny] = await Promise.all([
    sharp(data, raw).webp({ quality: 80, effort: 3 }).toBuffer(),
    sharp(data, raw)
      .resize({ width: FEED_MAX, height: FEED_MAX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 3 })
      .toBuffer(),
    sharp(data, raw).resize({ width: 16, height: 16, fit: 'inside' }).webp({ quality: 40 }).toBuffer(),
  ]);
  return {
    feed,
    full,
    width: info.width,
    height: info.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

/** An animated GIF (or WebP): every frame kept, in the two sizes; the placeholder from the first. */
async function processAnimated(path: string): Promise<ProcessedPhoto> {
  const input = () => sharp(path, { animated: true, limitInputPixels: PIXELS_MAX }).rotate();
  const resize = (max: number) =>
    input()
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 3 });
  const [feed, fullOut, tiny] = await Promise.all([
    resize(FEED_MAX).toBuffer(),
    resize(FULL_MAX).toBuffer({ resolveWithObject: true }),
    sharp(path, { limitInputPixels: PIXELS_MAX })
      .rotate()
      .resize({ width: 16, height: 16, fit: 'inside' })
      .webp({ quality: 40 })
      .toBuffer(),
  ]);
  // The upright size of the full view (an animated GIF's frames stack in height).
  const pageHeight = fullOut.info.pageHeight ?? fullOut.info.height;
  return {
    feed,
    full: fullOut.data,
    width: fullOut.info.width,
    height: pageHeight,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
}

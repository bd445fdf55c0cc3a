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

/**
 * A photo re-encoded (SECURITY.md 24): turned upright by its EXIF orientation, then written anew
 * as WebP in two sizes, with no metadata at all (sharp keeps none unless asked: no EXIF, no GPS,
 * no camera), plus a 16 px placeholder. An animated GIF stays animated. A file that does not
 * decode throws.
 */
export async function processPhoto(path: string): Promise<ProcessedPhoto> {
  // Pixel limit against decompression bombs (about 50 megapixels).
  const input = () => sharp(path, { animated: true, limitInputPixels: 50_000_000 }).rotate();
  const resize = (max: number) =>
    input()
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 3 });
  const [feed, fullOut, tiny] = await Promise.all([
    resize(FEED_MAX).toBuffer(),
    resize(FULL_MAX).toBuffer({ resolveWithObject: true }),
    sharp(path, { limitInputPixels: 50_000_000 })
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

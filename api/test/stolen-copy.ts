/**
 * The copy of a listing's photo a scammer would post (docs/product.md §29: a re-used photo is a
 * scam signal), for the API's safety-signal tests and the e2e scam-signals spec: the original
 * cropped by 2 % on each side (of an 800x600 picture), resized to 500 px wide and re-encoded as a
 * low-quality WebP.
 */
import sharp from 'sharp';

/** The stolen copy of `original` (an 800x600 picture) as WebP bytes. */
export async function stolenCopy(original: Buffer): Promise<Buffer> {
  return sharp(original)
    .extract({ left: 16, top: 12, width: 768, height: 576 })
    .resize(500)
    .webp({ quality: 50 })
    .toBuffer();
}

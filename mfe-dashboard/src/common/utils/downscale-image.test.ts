import { downscaleImage, MAX_IMAGE_BYTES, needsDownscale } from './downscale-image';

const file = (bytes: number, type: string, name = 'photo.jpg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('downscaleImage (browser-side shrinking before upload)', () => {
  it('shrinks JPEG, PNG and WebP pictures over 1 MB only', async () => {
    expect(await needsDownscale(file(MAX_IMAGE_BYTES + 1, 'image/jpeg'))).toBe(true);
    expect(await needsDownscale(file(MAX_IMAGE_BYTES + 1, 'image/png'))).toBe(true);
    expect(await needsDownscale(file(MAX_IMAGE_BYTES + 1, 'image/webp'))).toBe(true);
    expect(await needsDownscale(file(2048, 'image/jpeg'))).toBe(false);
    expect(await needsDownscale(file(MAX_IMAGE_BYTES + 1, 'image/gif'))).toBe(false);
    expect(await needsDownscale(file(MAX_IMAGE_BYTES + 1, 'image/heic'))).toBe(false);
  });

  it('returns small pictures untouched, and the original when shrinking fails (no canvas here)', async () => {
    const small = file(2048, 'image/jpeg');
    expect(await downscaleImage(small)).toBe(small);
    const big = file(MAX_IMAGE_BYTES + 1, 'image/jpeg');
    expect(await downscaleImage(big, { timeoutMs: 300 })).toBe(big);
  });
});

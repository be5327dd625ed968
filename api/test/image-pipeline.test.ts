/**
 * Tests of the upload image pipeline with real sharp on generated images.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import {
  canDecodeHeic,
  DAMAGED_IMAGE_MESSAGE,
  detectImageType,
  IMAGE_LIMITS,
  ImageError,
  processImage,
  UNSUPPORTED_IMAGE_MESSAGE,
} from '../src/uploads/image-pipeline.ts';

/** A noisy RGB picture (noise keeps JPEG data large, so truncation cuts real scan data). */
async function noisy(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 40, g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

/** Chunk types of a RIFF/WebP file, e.g. ['VP8 '] or ['VP8X', 'VP8 ', 'EXIF']. */
function webpChunks(buffer: Buffer): string[] {
  const chunks: string[] = [];
  for (let offset = 12; offset + 8 <= buffer.length; ) {
    const type = buffer.toString('latin1', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    chunks.push(type);
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function expectImageError(promise: Promise<unknown>, statusCode: number, message?: string | RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ImageError, `expected ImageError, got ${String(error)}`);
    assert.equal(error.statusCode, statusCode);
    if (typeof message === 'string') assert.equal(error.message, message);
    else if (message) assert.match(error.message, message);
    return true;
  });
}

describe('detectImageType', () => {
  it('recognises JPEG, PNG, WebP, GIF and AVIF by their bytes', async () => {
    const base = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } });
    assert.equal(detectImageType(await base().jpeg().toBuffer()), 'jpeg');
    assert.equal(detectImageType(await base().png().toBuffer()), 'png');
    assert.equal(detectImageType(await base().webp().toBuffer()), 'webp');
    assert.equal(detectImageType(await base().gif().toBuffer()), 'gif');
    assert.equal(detectImageType(await base().avif({ effort: 0 }).toBuffer()), 'avif');
  });

  it('recognises a HEIC header', () => {
    const header = Buffer.alloc(32);
    header.writeUInt32BE(24, 0);
    header.write('ftypheic', 4, 'latin1');
    header.write('mif1heic', 16, 'latin1');
    assert.equal(detectImageType(header), 'heic');
  });

  it('returns null for text, empty and short buffers', () => {
    assert.equal(detectImageType(Buffer.from('This is not a picture, just text saved as photo.jpg\n')), null);
    assert.equal(detectImageType(Buffer.alloc(0)), null);
    assert.equal(detectImageType(Buffer.from([0xff, 0xd8])), null);
    assert.equal(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')), null);
  });
});

describe('processImage', () => {
  it('applies EXIF orientation, strips EXIF/GPS and produces 1200/400 px WebP', async () => {
    const jpeg = await (await noisy(2000, 1500))
      .jpeg({ quality: 85 })
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Phone X', Copyright: 'secret-owner' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '1/1 17/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '36/1 49/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inputMeta = await sharp(jpeg).metadata();
    assert.equal(inputMeta.orientation, 6);
    const inputExif = inputMeta.exif;
    assert.ok(inputExif, 'input has EXIF');
    // Tag 0x8825 = GPSInfo IFD pointer (either byte order).
    assert.ok(
      inputExif.includes(Buffer.from([0x88, 0x25])) || inputExif.includes(Buffer.from([0x25, 0x88])),
      'input has a GPS IFD pointer',
    );
    assert.ok(inputExif.toString('latin1').includes('TestCam'));

    const result = await processImage(jpeg);
    // Orientation 6 = rotate 90°: 2000x1500 becomes 1500x2000, then 1200 wide.
    assert.equal(result.width, 1200);
    assert.equal(result.height, 1600);

    for (const [buffer, width, height] of [
      [result.large, 1200, 1600],
      [result.medium, 800, 1067],
      [result.thumbnail, 400, 533],
      [result.small, 200, 267],
    ] as const) {
      assert.equal(detectImageType(buffer), 'webp');
      const meta = await sharp(buffer).metadata();
      assert.equal(meta.format, 'webp');
      assert.equal(meta.width, width);
      assert.ok(Math.abs(meta.height! - height) <= 1, `height ${meta.height} ~ ${height}`);
      assert.equal(meta.exif, undefined);
      assert.equal(meta.xmp, undefined);
      assert.equal(meta.icc, undefined);
      assert.equal(meta.orientation, undefined);
      assert.deepEqual(
        webpChunks(buffer).filter((chunk) => ['EXIF', 'XMP ', 'ICCP'].includes(chunk)),
        [],
      );
      const latin1 = buffer.toString('latin1');
      assert.ok(!latin1.includes('TestCam') && !latin1.includes('secret-owner') && !latin1.includes('Exif'));
    }
  });

  it('does not enlarge a small picture', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(png);
    assert.equal(result.width, 300);
    assert.equal(result.height, 200);
    const large = await sharp(result.large).metadata();
    const thumbnail = await sharp(result.thumbnail).metadata();
    assert.deepEqual([large.width, large.height, large.hasAlpha], [300, 200, true]);
    assert.deepEqual([thumbnail.width, thumbnail.height], [300, 200]);
    assert.equal((await sharp(result.medium).metadata()).width, 300);
    assert.equal((await sharp(result.small).metadata()).width, 200);
  });

  it('takes a picture between the two widths to the thumbnail width only', async () => {
    const webp = await (await noisy(800, 600)).webp().toBuffer();
    const result = await processImage(webp);
    assert.equal(result.width, 800);
    assert.equal((await sharp(result.thumbnail).metadata()).width, 400);
  });

  it('accepts GIF (first frame)', async () => {
    const gif = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#ff8800' } })
      .gif()
      .toBuffer();
    const result = await processImage(gif);
    assert.equal(result.width, 500);
    assert.equal((await sharp(result.thumbnail).metadata()).width, 400);
  });

  it('refuses a text file renamed .jpg', async () => {
    await expectImageError(
      processImage(Buffer.from('hello, I am a text file called photo.jpg\n'.repeat(20))),
      400,
      UNSUPPORTED_IMAGE_MESSAGE,
    );
  });

  it('refuses a truncated JPEG with the damaged message', async () => {
    const jpeg = await (await noisy(1000, 800)).jpeg().toBuffer();
    await expectImageError(
      processImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))),
      400,
      DAMAGED_IMAGE_MESSAGE,
    );
  });

  it('refuses garbage behind a valid JPEG signature with the damaged message', async () => {
    const garbage = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x5a)]);
    await expectImageError(processImage(garbage), 400, DAMAGED_IMAGE_MESSAGE);
  });

  it('refuses a buffer over 10 MB with 413 before decoding', async () => {
    const big = Buffer.alloc(IMAGE_LIMITS.maxFileBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    await expectImageError(processImage(big), 413, 'Image is larger than 10 MB');
  });

  it('refuses a decompression bomb (header claims 30000x30000 px) with 413', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // IHDR starts at byte 8: length(4) 'IHDR'(4) width(4) height(4) ... crc(4) at 29.
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expectImageError(processImage(png), 413, /too large/);
  });

  it('handles HEIC according to what this sharp build decodes', async () => {
    const header = Buffer.alloc(64);
    header.writeUInt32BE(24, 0);
    header.write('ftypheic', 4, 'latin1');
    header.write('mif1heic', 16, 'latin1');
    if (canDecodeHeic()) {
      await expectImageError(processImage(header), 400, DAMAGED_IMAGE_MESSAGE);
    } else {
      await expectImageError(processImage(header), 400, UNSUPPORTED_IMAGE_MESSAGE);
    }
  });

  it('accepts AVIF', async () => {
    const avif = await (await noisy(1600, 900)).avif({ effort: 0 }).toBuffer();
    const result = await processImage(avif);
    assert.deepEqual([result.width, result.height], [1200, 675]);
  });
});

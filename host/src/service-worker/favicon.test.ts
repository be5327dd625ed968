/**
 * @jest-environment node
 *
 * The favicon (`public/favicon.svg`, also the source of the app icons) draws its letters as
 * outlines. Chromium renders an SVG favicon as its own document on the page's main thread after
 * first paint; with a `<text>` element that document's first layout looked the font up (12-24 ms
 * on this machine, ~100-200 ms of Lighthouse's blocking time at the calibrated CPU slowdown;
 * docs/product.md §23), and sharp drew the icons with whatever fonts the build machine had.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const svg = readFileSync(path.join(__dirname, '../../public/favicon.svg'), 'utf8');

describe('favicon.svg', () => {
  it('has no text element: the letters are paths', () => {
    expect(svg).not.toMatch(/<text[\s>]/);
    expect(svg).toMatch(/<path [^>]*fill="#fff"[^>]*d="M[^"]{200,}"/);
  });

  it('draws white letters in the middle of the brand square', async () => {
    const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([64, 64, 4]);
    const pixel = (x: number, y: number) => data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 4);
    const isWhite = (x: number, y: number) =>
      pixel(x, y)
        .subarray(0, 3)
        .every((channel) => channel > 200);
    let white = 0;
    let inBox = 0;
    for (let y = 20; y < 44; y++) {
      for (let x = 11; x < 53; x++) {
        inBox++;
        if (isWhite(x, y)) white++;
      }
    }
    // "CS" in bold covers roughly a third of its box; none would mean the letters are missing.
    expect(white / inBox).toBeGreaterThan(0.2);
    expect(white / inBox).toBeLessThan(0.6);
    expect([...pixel(32, 4)]).toEqual([0x0b, 0x6e, 0x4f, 255]); // brand colour above the letters
    expect(pixel(0, 0)[3]).toBe(0); // rounded corner
  });
});

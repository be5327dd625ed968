/**
 * Browser-side downscaling before upload (docs/product.md §15: students pay for data). A picture larger
 * than needed — over 1 MB, or wider/taller than 1600 px — is re-encoded at most 1600 px on its
 * longest side and about 1 MB by `browser-image-compression`, which is fetched with a dynamic
 * `import()` only when such a file is picked (its own chunk; never on the catalog pages). The
 * server makes 1200 px and 400 px WebP copies anyway, so nothing visible is lost.
 *
 * Only JPEG, PNG and WebP are touched; anything else (GIF, HEIC a browser cannot decode) and any
 * failure return the original file for the server to judge.
 */

/** Longest side in px above which a picture is downscaled. */
export const MAX_IMAGE_SIDE_PX = 1600;
/** Size in bytes above which a picture is recompressed (1 MB). */
export const MAX_IMAGE_BYTES = 1024 * 1024;

const RESIZABLE = /^image\/(jpeg|png|webp)$/;

/** Longest side of the picture in px, or 0 when the browser cannot tell (no createImageBitmap). */
async function longestSide(file: File): Promise<number> {
  if (typeof createImageBitmap !== 'function') return 0;
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.max(bitmap.width, bitmap.height);
    bitmap.close();
    return side;
  } catch {
    return 0;
  }
}

/** True when `file` is a picture this module would shrink. */
export async function needsDownscale(file: File): Promise<boolean> {
  if (!RESIZABLE.test(file.type)) return false;
  if (file.size > MAX_IMAGE_BYTES) return true;
  return (await longestSide(file)) > MAX_IMAGE_SIDE_PX;
}

/** Longest wait for the shrinking of one picture (ms) before the original is sent instead. */
export const DOWNSCALE_TIMEOUT_MS = 20_000;

/**
 * Returns `file`, or a smaller copy of it (same name and type) when it is larger than needed.
 * Never throws: on any failure, or after `timeoutMs` (a picture the browser cannot decode may
 * never finish), the original file is returned.
 */
export async function downscaleImage(file: File, { timeoutMs = DOWNSCALE_TIMEOUT_MS } = {}): Promise<File> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const giveUp = new Promise<File>((resolve) => {
    timer = setTimeout(() => resolve(file), timeoutMs);
  });
  try {
    return await Promise.race([shrink(file), giveUp]);
  } finally {
    clearTimeout(timer);
  }
}

async function shrink(file: File): Promise<File> {
  try {
    if (!(await needsDownscale(file))) return file;
    const { default: imageCompression } = await import(
      /* webpackChunkName: "image-compression" */ 'browser-image-compression'
    );
    const smaller = await imageCompression(file, {
      maxSizeMB: MAX_IMAGE_BYTES / (1024 * 1024),
      maxWidthOrHeight: MAX_IMAGE_SIDE_PX,
      initialQuality: 0.85,
      // The library's worker loads its code from a CDN: stay on the page (CSP, data).
      useWebWorker: false,
    });
    if (smaller.size >= file.size) return file;
    return new File([smaller], file.name, {
      type: smaller.type || file.type,
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  }
}

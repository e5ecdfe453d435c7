/**
 * Photos are made smaller on the phone before they are sent or kept: a phone camera's
 * 4000-pixel, 5 MB picture becomes a JPEG of at most 1600 pixels, a few hundred kB, which goes
 * out quickly on a weak connection and fits the phone's storage while offline.
 */
export const MAX_SIDE = 1600;
const QUALITY = 0.82;

/** The size that fits within max on its longest side, keeping the proportions. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A smaller JPEG of file; the file itself when the browser cannot decode it (the server checks). */
export async function resizePhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (ctx === null) return file;
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
  return blob ?? file;
}

import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../http/errors';

// Resized copies of an uploaded portal image (ADR 0053): the original is kept as uploaded; a 480 px wide WebP
// thumbnail for lists and cards and a display copy at most 1200 px wide for article bodies sit beside it.

export const THUMB_WIDTH = 480;
export const DISPLAY_WIDTH = 1200;
/** Decoding refuses larger images (a 5 MB PNG can declare a huge canvas: a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface ImageVariants {
  thumb: string;
  display: string;
  width: number;
  height: number;
}

const variantName = (stored: string, width: number) => `${stored.replace(/\.[^.]+$/, '')}-w${width}.webp`;

/**
 * Reads the image at `dir/stored`, writes its thumbnail and display copies next to it (through a temporary name and a
 * rename) and returns their names. Not an image, or too many pixels: a Chinese 400 and nothing is left behind.
 */
export async function makeImageVariants(dir: string, stored: string): Promise<ImageVariants> {
  const src = path.join(dir, stored);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(src, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('图片无法识别，请上传有效的 PNG、JPG、GIF 或 WebP 图片');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw badRequest('图片无法识别，请上传有效的 PNG、JPG、GIF 或 WebP 图片');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(`图片尺寸过大（${width}×${height}），请缩小到 4000 万像素以内后上传`);
  }
  const out: string[] = [];
  try {
    for (const w of [THUMB_WIDTH, DISPLAY_WIDTH]) {
      const name = variantName(stored, w);
      const tmp = path.join(dir, `${name}.part`);
      await sharp(src, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: w === THUMB_WIDTH ? 72 : 80 })
        .toFile(tmp);
      await fsp.rename(tmp, path.join(dir, name));
      out.push(name);
    }
  } catch {
    await Promise.all(
      [THUMB_WIDTH, DISPLAY_WIDTH].flatMap((w) => {
        const name = variantName(stored, w);
        return [fsp.rm(path.join(dir, name), { force: true }), fsp.rm(path.join(dir, `${name}.part`), { force: true })];
      }),
    );
    throw badRequest('图片无法处理，请换一张图片上传');
  }
  return { thumb: out[0], display: out[1], width, height };
}

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPDATE_LIMITS, UPDATE_MESSAGES as U } from '@tavara/shared/plan-updates/plan-updates';
import type Sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { sniffImageType } from '../../lib/image-type';
import { planUpdatePhotoDir } from '../../lib/upload-dirs';

/**
 * An update's photos (decision 042). Every picture is decoded and encoded again by sharp (libvips)
 * before anything is stored: turned upright by its EXIF orientation, shrunk to at most 1600 px,
 * written as a fresh JPEG. sharp writes no metadata unless asked (we never ask), so EXIF — GPS
 * position, camera serial, time taken — XMP, IPTC and ICC comments are gone from what is kept.
 */

const MAX_SIDE = 1600;
/** A decompression bomb (a tiny file of 50,000 × 50,000 pixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 60_000_000;

/**
 * sharp loads libvips (a native library and its thread pool) when imported: ~10 MB resident and
 * 120-odd modules that a server holds from its start whether or not anyone ever posts a photo.
 * It is loaded at the first photo instead (decision 045).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import('sharp').then((module) => module.default));

export interface EncodedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Checks one picked file and re-encodes it; a bad one is a 413/422 naming the `photos` field. */
export async function reencodePhoto(file: File): Promise<EncodedPhoto> {
  if (file.size > UPDATE_LIMITS.photoBytesMax) {
    throw new AppError('payload_too_large', U.photoTooLarge, { photos: U.photoTooLarge });
  }
  const input = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(input, ['image/jpeg', 'image/png', 'image/webp'])) {
    throw new AppError('validation_failed', U.photoWrongType, { photos: U.photoWrongType });
  }
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw new AppError('validation_failed', U.photoUnreadable, { photos: U.photoUnreadable });
  }
}

/** The files, named by the photo row's id (a UUID the server made), never by the uploaded name. */
export function createUpdatePhotoStore(dataDir: string) {
  const dir = planUpdatePhotoDir(dataDir);
  const pathOf = (photoId: string) => {
    if (!/^[0-9a-f-]{36}$/.test(photoId)) throw new Error('not a photo id');
    return join(dir, `${photoId}.jpg`);
  };
  return {
    async save(photoId: string, bytes: Uint8Array) {
      await mkdir(dir, { recursive: true });
      await writeFile(pathOf(photoId), bytes, { mode: 0o600 });
    },
    read: (photoId: string) => readFile(pathOf(photoId)),
    async remove(photoIds: readonly string[]) {
      await Promise.all(photoIds.map((id) => rm(pathOf(id), { force: true })));
    },
  };
}
export type UpdatePhotoStore = ReturnType<typeof createUpdatePhotoStore>;

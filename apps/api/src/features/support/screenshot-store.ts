import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScreenshotType } from '@tavara/shared/support/contact-request.schema';
import { supportScreenshotDir } from '../../lib/upload-dirs';

/**
 * The image type of `bytes`, recognised by their first bytes (magic numbers), or null. The
 * file's name and the browser's declared type are never trusted: a renamed HTML file is not an
 * image, whatever it is called.
 */
export function sniffImageType(bytes: Uint8Array): ScreenshotType | null {
  const starts = (...values: number[]) => values.every((value, i) => bytes[i] === value);
  const ascii = (offset: number, text: string) =>
    [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return null;
}

const EXTENSIONS: Record<ScreenshotType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Screenshots of support requests as files under DATA_DIR/uploads/support, named by the
 * request's id (a UUID the server made) and the sniffed type — never by anything the user sent.
 */
export function createScreenshotStore(dataDir: string) {
  const dir = supportScreenshotDir(dataDir);
  const pathOf = (fileName: string) => {
    if (!/^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.test(fileName)) throw new Error('not a screenshot file name');
    return join(dir, fileName);
  };
  return {
    async save(requestId: string, type: ScreenshotType, bytes: Uint8Array): Promise<string> {
      await mkdir(dir, { recursive: true });
      const fileName = `${requestId}.${EXTENSIONS[type]}`;
      await writeFile(pathOf(fileName), bytes, { mode: 0o600 });
      return fileName;
    },
    read(fileName: string): Promise<Buffer> {
      return readFile(pathOf(fileName));
    },
    async remove(fileName: string): Promise<void> {
      await rm(pathOf(fileName), { force: true });
    },
  };
}
export type ScreenshotStore = ReturnType<typeof createScreenshotStore>;

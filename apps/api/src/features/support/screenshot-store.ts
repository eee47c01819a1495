import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScreenshotType } from '@tavara/shared/support/contact-request.schema';
import { IMAGE_EXTENSIONS } from '../../lib/image-type';
import { supportScreenshotDir } from '../../lib/upload-dirs';

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
      const fileName = `${requestId}.${IMAGE_EXTENSIONS[type]}`;
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

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Lesson illustrations (issue 21): hand-written SVG files in content/training/images, referenced
 * from a lesson as `![Alt text](images/name.svg)`. They are read once, at start-up, with the rest
 * of the curriculum (training-content.ts): the checker refuses a lesson whose image is
 * missing or has no alt text, and refuses an SVG with script, event handlers or external
 * references. The server then answers them from memory at /training-images/<name>?v=<hash>
 * (features/training/training-images.routes.ts) — same origin, so the CSP's img-src 'self' covers them — and the
 * renderer writes width and height from the file, so the page does not jump as they load.
 */
export interface LessonImage {
  name: string;
  svg: string;
  width: number;
  height: number;
  /** First 10 hex digits of the SHA-256 of the file: the URL changes when the file does. */
  version: string;
}

export const LESSON_IMAGE_PATH = '/training-images';
export const LESSON_IMAGE_REF = /^images\/([a-z0-9]+(?:-[a-z0-9]+)*\.svg)$/;

/**
 * Set at start-up by loadTrainingContent (the bundled server's content is in dist/content). A
 * process that never loaded the content — a test worker on a template database — reads the
 * source folder on first use.
 */
let registry: Map<string, LessonImage> | undefined;

/** Reads and checks every SVG in `<contentDir>/images`; throws with the file name on a mistake. */
export function loadLessonImages(contentDir: string): Map<string, LessonImage> {
  const dir = join(contentDir, 'images');
  const images = new Map<string, LessonImage>();
  if (!existsSync(dir)) return images;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.svg')) continue;
    const file = join(dir, name);
    if (!LESSON_IMAGE_REF.test(`images/${name}`)) {
      throw new Error(`Training content ${file}: image names are lower-case words joined by hyphens, ending .svg.`);
    }
    const svg = readFileSync(file, 'utf8');
    const root = /<svg\b[^>]*>/.exec(svg)?.[0];
    if (!root) throw new Error(`Training content ${file}: not an SVG file.`);
    const width = Number(/\swidth="(\d+)"/.exec(root)?.[1]);
    const height = Number(/\sheight="(\d+)"/.exec(root)?.[1]);
    if (!(width > 0 && height > 0) || !root.includes(`viewBox="0 0 ${width} ${height}"`)) {
      throw new Error(`Training content ${file}: the <svg> needs width, height and a matching viewBox="0 0 W H".`);
    }
    // Served from our origin: it must stay a picture, never a document that runs or fetches things.
    if (/<script|<foreignObject|\son\w+\s*=|(?:href|src)\s*=\s*"(?!#)|url\((?!#)|@import/i.test(svg)) {
      throw new Error(`Training content ${file}: scripts, event handlers and external references are not allowed.`);
    }
    if (!/<title\b[^>]*>[^<]{3,}<\/title>/.test(svg)) {
      throw new Error(`Training content ${file}: the SVG needs a <title>.`);
    }
    const version = createHash('sha256').update(svg).digest('hex').slice(0, 10);
    images.set(name, { name, svg, width, height, version });
  }
  return images;
}

/** Makes the checked images the ones the renderer and the image route use (called at start-up). */
export function setLessonImages(images: Map<string, LessonImage>): void {
  registry = images;
}

export function getLessonImage(name: string): LessonImage | undefined {
  registry ??= loadLessonImages(fileURLToPath(new URL('../../../content/training', import.meta.url)));
  return registry.get(name);
}

export function lessonImageUrl(image: LessonImage): string {
  return `${LESSON_IMAGE_PATH}/${image.name}?v=${image.version}`;
}

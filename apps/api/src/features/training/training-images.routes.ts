import { Hono } from 'hono';
import type { AppBindings } from '../../app-types';
import { getLessonImage } from '../../db/seed/training-images';

/**
 * The lesson illustrations (db/seed/training-images.ts), outside /api: they are public, non-personal
 * pictures like the app's own icons, so no session is needed. The renderer links them with
 * `?v=<content hash>`: that URL never changes meaning, so it is cached for a year; any other
 * URL of the same file is cached for an hour. Only names the start-up check loaded are served
 * (no file-system path is ever built from the request).
 */
export function trainingImageRoutes() {
  return new Hono<AppBindings>().get('/:file', (c) => {
    const image = getLessonImage(c.req.param('file'));
    if (!image) return c.text('Not found', 404);
    const current = c.req.query('v') === image.version;
    c.header('Content-Type', 'image/svg+xml; charset=utf-8');
    c.header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    c.header('ETag', `"${image.version}"`);
    if (c.req.header('If-None-Match') === `"${image.version}"`) return c.body(null, 304);
    return c.body(image.svg);
  });
}

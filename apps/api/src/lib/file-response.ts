/**
 * Headers for a file someone uploaded, sent back to a browser (issue 32, item 4): a professional's
 * document, a support screenshot. Images and PDFs open in the browser's own viewer; anything else
 * is a download. Either way the response carries its own Content-Security-Policy — a sandbox with
 * nothing allowed — so a file that is really a page (HTML or SVG behind a wrong type) cannot run
 * as one of ours. app.ts's secure headers keep a policy a route set itself (`overwrite: false`).
 */
export const FILE_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

/** Types the browser may show inline: what the uploads accept and its viewers render without script of ours. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

export function uploadedFileHeaders(type: string, filename: string): Record<string, string> {
  const inline = INLINE_TYPES.has(type.toLowerCase());
  return {
    'Content-Type': inline ? type : 'application/octet-stream',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
}

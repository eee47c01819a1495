import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';

/**
 * The one HTML frame of every e-mail the app sends (issue 14): a single column at most 560 px
 * wide that shrinks to the phone's width, 16 px text, long links broken anywhere so nothing
 * widens the message, and the app's own blue button. Mail apps ignore stylesheets and most
 * layout CSS, so it is a table with inline styles — the form every client renders alike.
 */

/** The app's brand colours (apps/web/src/styles.css `--color-brand`, `--color-brand-strong`). */
export const EMAIL_BRAND = '#1d4ed8';
const INK = '#0f172a';
const MUTED = '#475569';
const LINE = '#e2e8f0';
const CANVAS = '#f8fafc';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A paragraph of escaped text. */
export function emailParagraph(text: string, style = ''): string {
  return `<p style="margin: 0 0 16px; ${style}">${escapeHtml(text)}</p>`;
}

/** The call-to-action: a full-width-on-phones blue button (at least 44 px tall) around an escaped link. */
export function emailButton(label: string, url: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin: 8px 0 24px">',
    `<tr><td style="border-radius: 8px; background: ${EMAIL_BRAND}">`,
    `<a href="${escapeHtml(url)}" style="display: inline-block; padding: 12px 20px; font-size: 16px; font-weight: bold; line-height: 20px; color: #ffffff; text-decoration: none; border-radius: 8px">${escapeHtml(label)}</a>`,
    '</td></tr></table>',
  ].join('');
}

/** A link shown as text (the copy-this-link fallback), broken anywhere so it never widens the mail. */
export function emailLinkText(url: string): string {
  return `<span style="word-break: break-all; overflow-wrap: anywhere; color: ${EMAIL_BRAND}">${escapeHtml(url)}</span>`;
}

/** Wraps already-escaped body HTML in the frame. `title` is escaped here. */
export function emailLayout({ title, bodyHtml }: { title: string; bodyHtml: string }): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin: 0; padding: 0; background: ${CANVAS}; -webkit-text-size-adjust: 100%">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background: ${CANVAS}">`,
    '<tr><td align="center" style="padding: 16px 8px">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width: 100%; max-width: 560px; background: #ffffff; border: 1px solid ${LINE}; border-radius: 12px">`,
    `<tr><td style="padding: 16px 20px; border-bottom: 1px solid ${LINE}; font-family: Arial, Helvetica, sans-serif; font-size: 20px; font-weight: bold; color: ${EMAIL_BRAND}">${escapeHtml(PRODUCT_NAME)}</td></tr>`,
    `<tr><td style="padding: 20px; font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: ${INK}; overflow-wrap: anywhere; word-break: break-word">`,
    bodyHtml,
    '</td></tr>',
    `<tr><td style="padding: 12px 20px; border-top: 1px solid ${LINE}; font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: ${MUTED}">${escapeHtml(`${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`)}</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');
}

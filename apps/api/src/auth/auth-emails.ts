import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import type { MailMessage } from '../lib/mailer';

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Email = Omit<MailMessage, 'to'>;

interface EmailContent {
  subject: string;
  greetingName: string;
  /** Plain sentences; each becomes one paragraph (escaped in the HTML version). */
  intro: string[];
  action: { label: string; url: string };
  outro: string[];
}

/**
 * Renders one e-mail twice: plain text, and a simple HTML page in which every piece of text —
 * above all the user's own name — is escaped, and the one link is an escaped attribute value.
 */
function render(content: EmailContent): Email {
  const greeting = `Hello ${content.greetingName},`;
  const text = [
    greeting,
    ...content.intro,
    `${content.action.label}:\n${content.action.url}`,
    ...content.outro,
    `— ${PRODUCT_NAME}, ${PRODUCT_TAGLINE.toLowerCase()}`,
  ].join('\n\n');
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const url = escapeHtml(content.action.url);
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #1f2937; max-width: 560px">',
    paragraph(greeting),
    ...content.intro.map(paragraph),
    `<p><a href="${url}" style="display: inline-block; padding: 10px 16px; background: #0f766e; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(content.action.label)}</a></p>`,
    `<p style="font-size: 13px">If the button does not work, copy this link into your browser:<br>${url}</p>`,
    ...content.outro.map(paragraph),
    `<p style="font-size: 13px; color: #6b7280">${escapeHtml(`${PRODUCT_NAME} — ${PRODUCT_TAGLINE}`)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: content.subject, text, html };
}

/** A name to greet: the user's name, or "there" when it is blank. */
function greetingName(name: string | null | undefined): string {
  return name?.trim() || 'there';
}

/** "24 hours", "1 hour", "30 minutes": how long a link works, from seconds. */
export function describeDuration(seconds: number): string {
  if (seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function verificationEmail(input: { name: string; url: string }): Email {
  return render({
    subject: `Confirm your email address for ${PRODUCT_NAME}`,
    greetingName: greetingName(input.name),
    intro: [`Thank you for signing up to ${PRODUCT_NAME}. Please confirm that this is your email address.`],
    action: { label: 'Confirm my email address', url: input.url },
    outro: [
      'After confirming you will be signed in and can complete your profile.',
      'If you did not create an account, you can ignore this email.',
    ],
  });
}

export function passwordResetEmail(input: { name: string; url: string; validForSeconds: number }): Email {
  return render({
    subject: `Reset your ${PRODUCT_NAME} password`,
    greetingName: greetingName(input.name),
    intro: [
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      `The link below works once and expires in ${describeDuration(input.validForSeconds)}.`,
    ],
    action: { label: 'Choose a new password', url: input.url },
    outro: [
      "If the page says 'Invalid Reset Link', copy the whole link into your browser's address bar.",
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ],
  });
}

/**
 * Sent when someone signs up with an address that already has an account. The sign-up answer
 * looks the same either way (no account enumeration); the owner learns about it here.
 */
export function accountExistsEmail(input: { name: string; signInUrl: string; resetUrl: string }): Email {
  return render({
    subject: `You already have a ${PRODUCT_NAME} account`,
    greetingName: greetingName(input.name),
    intro: [
      `Someone tried to create a new ${PRODUCT_NAME} account with this email address. You already have one, so nothing was changed.`,
    ],
    action: { label: 'Sign in', url: input.signInUrl },
    outro: [
      `Forgot your password? Ask for a reset link at ${input.resetUrl}`,
      'If this was not you, you can ignore this email.',
    ],
  });
}

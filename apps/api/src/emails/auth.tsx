import { PRODUCT_NAME } from '@tavara/shared/product';
import { plainNameForMail } from '@tavara/shared/validation/person-name';
import { ActionButton, EmailFrame, LinkFallback, Paragraph } from './layout';
import { renderMail, type RenderedMail } from './render';

/**
 * The account e-mails Better Auth asks for (verification, reset, account exists, new address)
 * and the security notices of issue 22 — one template, `AccountMail`, for all of them.
 */

interface AccountMailContent {
  subject: string;
  /** The name as plain text, or "there" (decision 031: `plainNameForMail`). */
  greetingName: string;
  /** Plain sentences; each becomes one paragraph. */
  intro: string[];
  action: { label: string; url: string };
  outro: string[];
}

function AccountMail({ content }: { content: AccountMailContent }) {
  return (
    <EmailFrame title={content.subject}>
      <Paragraph>{`Hello ${content.greetingName},`}</Paragraph>
      {content.intro.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <ActionButton label={content.action.label} url={content.action.url} />
      <LinkFallback intro="If the button does not work, copy this link into your browser:" url={content.action.url} />
      {content.outro.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </EmailFrame>
  );
}

const accountMail = (content: AccountMailContent): Promise<RenderedMail> =>
  renderMail(content.subject, <AccountMail content={content} />);

/**
 * A name to greet: the user's name as plain text, or "there" when it is blank or carries a link
 * or an address (issue 32: a sign-up with someone else's address must not mail them a link).
 */
function greetingName(name: string | null | undefined): string {
  return plainNameForMail(name, 'there');
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

export function verificationEmail(input: { name: string; url: string }) {
  return accountMail({
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

export function passwordResetEmail(input: { name: string; url: string; validForSeconds: number }) {
  return accountMail({
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
export function accountExistsEmail(input: { name: string; signInUrl: string; resetUrl: string }) {
  return accountMail({
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

/**
 * The security notices of issue 22. Each says what happened, when and from which device (browser
 * and OS, never more), and leads to a password reset for "this wasn't me". Subjects say only
 * what kind of change it was: no health data and nothing typed by anyone.
 */
export type SecurityEvent =
  | { kind: 'new-device'; device: string; ip: string | null }
  | { kind: 'password-changed' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'two-factor-reset-by-admin' }
  | { kind: 'email-change-requested'; newEmail: string }
  | { kind: 'email-changed'; newEmail: string };

const SECURITY_SUBJECTS: Record<SecurityEvent['kind'], string> = {
  'new-device': `New sign-in to your ${PRODUCT_NAME} account`,
  'password-changed': `Your ${PRODUCT_NAME} password was changed`,
  'two-factor-on': `Two-factor sign-in is on for your ${PRODUCT_NAME} account`,
  'two-factor-off': `Two-factor sign-in is off for your ${PRODUCT_NAME} account`,
  'two-factor-reset-by-admin': `Two-factor sign-in was reset on your ${PRODUCT_NAME} account`,
  'email-change-requested': `A new email address was asked for on your ${PRODUCT_NAME} account`,
  'email-changed': `The email address of your ${PRODUCT_NAME} account was changed`,
};

function securityIntro(event: SecurityEvent): string[] {
  switch (event.kind) {
    case 'new-device':
      return [
        `Your account was just signed in to from a device we have not seen before: ${event.device}${event.ip ? ` (network address ${event.ip})` : ''}.`,
        'If this was you, there is nothing to do.',
      ];
    case 'password-changed':
      return ['The password of your account was just changed. Every other device was signed out.'];
    case 'two-factor-on':
      return ['Two-factor sign-in was just turned on: signing in now also needs a code from your authenticator app.'];
    case 'two-factor-off':
      return ['Two-factor sign-in was just turned off: signing in now needs only your password.'];
    case 'two-factor-reset-by-admin':
      return [
        'At your request, an administrator turned off two-factor sign-in on your account after checking who you are. Please set it up again on your account page.',
      ];
    case 'email-change-requested':
      return [
        `Someone signed in to your account asked to use ${event.newEmail} as its email address from now on. It changes only when that address is confirmed.`,
      ];
    case 'email-changed':
      return [
        `The email address of your account is now ${event.newEmail}. This address will not get our emails any more.`,
      ];
  }
}

export function securityNoticeEmail(input: { name: string; event: SecurityEvent; resetUrl: string }) {
  return accountMail({
    subject: SECURITY_SUBJECTS[input.event.kind],
    greetingName: greetingName(input.name),
    intro: securityIntro(input.event),
    action: { label: 'This wasn’t me: reset my password', url: input.resetUrl },
    outro: [
      'Resetting your password signs every device out. Then look at the devices and two-factor sign-in on your account page.',
    ],
  });
}

/** Sent to the new address of an e-mail change: confirming it makes the change. */
export function confirmNewEmailEmail(input: { name: string; url: string }) {
  return accountMail({
    subject: `Confirm your new email address for ${PRODUCT_NAME}`,
    greetingName: greetingName(input.name),
    intro: [`Please confirm that you want to use this address for your ${PRODUCT_NAME} account.`],
    action: { label: 'Confirm my new email address', url: input.url },
    outro: ['If you did not ask for this, you can ignore this email: nothing changes.'],
  });
}

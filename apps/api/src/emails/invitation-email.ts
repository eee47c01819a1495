import type { MemberKind, TeamRole } from '@tavara/shared/care-team/care-team';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/care-team';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import { emailButton, emailLayout, emailLinkText, emailParagraph } from '../lib/email-layout';

/** What the team feature tells the e-mail about one invitation (never the plan or the person cared for). */
export interface InviteMail {
  to: string;
  inviterName: string;
  /** `circle`: the plan's care circle (issue 30), which has no role on the team. */
  teamRole: TeamRole | null;
  hasAccount: boolean;
  kind: MemberKind | 'circle';
  /** Issue 32: this address was invited to this plan in the last 24 hours — no new e-mail. */
  mailedRecently?: boolean;
  /** The family's note to the invited person, as typed (the e-mail escapes it). */
  note: string | null;
}

/**
 * Web addresses in a note written by someone else are shown, never linked (issue 31): a zero-width
 * space after each dot and after `://` stops mail apps from turning them into links, so an
 * invitation cannot carry a clickable link to anywhere but the app.
 */
function unlinkable(text: string): string {
  return text.replace(/:\/\//g, ':\u200B//').replace(/\.(?=\S)/g, '.\u200B');
}

/**
 * The invitation e-mail: who invited and as what, and the family's note (escaped, its addresses
 * not links) — never the plan's title, the person cared for or health details. In the app's one
 * e-mail frame (issue 14): phone-wide, blue button, and the link as text that wraps. The link
 * opens /auth with the invited address (and, for a new account, the role) filled in, and
 * `invitation=1`: once signed in, the invitation comes first (issue 31).
 */
export function invitationMail(env: Pick<Env, 'APP_URL'>, mail: InviteMail) {
  const joining =
    mail.kind === 'circle' || !mail.teamRole
      ? 'to join their care circle on Tavara, the relatives, friends and neighbours who help'
      : `to join their care team on Tavara as a ${TEAM_ROLE_LABELS[mail.teamRole].toLowerCase()}`;
  const group = mail.kind === 'circle' ? 'care circle' : 'care team';
  const signupRole = mail.kind === 'professional' ? 'professional' : mail.kind === 'circle' ? 'community' : 'family';
  const params = new URLSearchParams(
    mail.hasAccount
      ? { invitation: '1', email: mail.to }
      : {
          tab: 'signup',
          role: signupRole,
          invitation: '1',
          email: mail.to,
        },
  );
  const link = `${env.APP_URL}/auth?${params.toString()}`;
  const action = mail.hasAccount
    ? 'Sign in to see the invitation and answer it:'
    : 'Create your free account with this e-mail address to see the invitation and answer it:';
  const subject = `You are invited to join a ${group} on Tavara`;
  const note = mail.note?.trim() ? unlinkable(mail.note.trim()) : null;
  const noteText = note ? `\n\nTheir note to you:\n${note}` : '';
  const text = `${mail.inviterName} has invited you ${joining}.${noteText}\n\n${action}\n${link}\n\nNobody is added to a ${group} without accepting. If you were not expecting this, you can ignore this e-mail.`;
  const html = emailLayout({
    title: subject,
    bodyHtml: [
      emailParagraph(`${mail.inviterName} has invited you ${joining}.`),
      ...(note
        ? [
            emailParagraph('Their note to you:', 'margin-bottom: 4px; font-weight: bold'),
            emailParagraph(note, 'padding: 8px 12px; border-left: 4px solid #cbd5e1; white-space: pre-line'),
          ]
        : []),
      emailParagraph(action),
      emailButton(mail.hasAccount ? 'See the invitation' : 'Create my account', link),
      `<p style="margin: 0 0 16px; font-size: 14px">If the button does not work, copy this link into your browser:<br>${emailLinkText(link)}</p>`,
      emailParagraph(
        `Nobody is added to a ${group} without accepting. If you were not expecting this, you can ignore this e-mail.`,
      ),
    ].join('\n'),
  });
  return { to: mail.to, subject, text, html };
}

/**
 * After an invitation (team or circle) was made: someone with an account was notified in its
 * transaction (their e-mail is queued by their preferences); someone without one gets the sign-up
 * e-mail now — at most once per address and plan in 24 hours (issue 32). The invitation stands
 * even if that e-mail fails; the invitee also sees it once signed in.
 */
export async function sendInvitationMail(
  deps: { env: Pick<Env, 'APP_URL'>; mailer: Mailer; logger: Logger },
  memberId: string,
  mail: InviteMail,
) {
  if (mail.hasAccount) return { memberId, emailed: !mail.mailedRecently, mailedRecently: Boolean(mail.mailedRecently) };
  if (mail.mailedRecently) return { memberId, emailed: false, mailedRecently: true };
  try {
    await deps.mailer.send(invitationMail(deps.env, mail));
    return { memberId, emailed: true, mailedRecently: false };
  } catch (error) {
    deps.logger.warn(
      {
        err: error instanceof Error ? error.message : 'unknown',
        memberId,
        group: mail.kind === 'circle' ? 'circle' : 'team',
      },
      'invitation e-mail failed',
    );
    return { memberId, emailed: false, mailedRecently: false };
  }
}

import type { MemberKind, TeamRole } from '@tavara/shared/care-team/care-team';
import { TEAM_ROLE_LABELS } from '@tavara/shared/care-team/care-team';
import type { Env } from '../env';
import type { MailMessage } from '../lib/mailer';
import { ActionButton, EmailFrame, LinkFallback, Lines, Paragraph } from './layout';
import { renderMail } from './render';

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
 * not links) — never the plan's title, the person cared for or health details. The link opens
 * /auth with the invited address (and, for a new account, the role) filled in, and
 * `invitation=1`: once signed in, the invitation comes first (issue 31).
 */
export async function invitationMail(env: Pick<Env, 'APP_URL'>, mail: InviteMail): Promise<MailMessage> {
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
  const subject = `You are invited to join a ${group} on Tavara`;
  const note = mail.note?.trim() ? unlinkable(mail.note.trim()) : null;
  const rendered = await renderMail(
    subject,
    <EmailFrame title={subject}>
      <Paragraph>{`${mail.inviterName} has invited you ${joining}.`}</Paragraph>
      {note && (
        <Paragraph style={{ padding: '8px 12px', borderLeft: '4px solid #cbd5e1' }}>
          <strong>Their note to you:</strong>
          <br />
          <Lines text={note} />
        </Paragraph>
      )}
      <Paragraph>
        {mail.hasAccount
          ? 'Sign in to see the invitation and answer it:'
          : 'Create your free account with this e-mail address to see the invitation and answer it:'}
      </Paragraph>
      <ActionButton label={mail.hasAccount ? 'See the invitation' : 'Create my account'} url={link} />
      <LinkFallback intro="If the button does not work, copy this link into your browser:" url={link} />
      <Paragraph>
        {`Nobody is added to a ${group} without accepting. If you were not expecting this, you can ignore this e-mail.`}
      </Paragraph>
    </EmailFrame>,
  );
  return { to: mail.to, ...rendered };
}

import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../lib/mailer';
import { emails, type InviteMail } from './index';

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
    const { invitationMail } = await emails();
    await deps.mailer.send(await invitationMail(deps.env, mail));
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

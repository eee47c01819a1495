import { z } from 'zod';
import { optionalText } from '../validation/optional-text';
import { MEMBER_KINDS, TEAM_ROLES } from './team-members';

export * from './team-members';

/** The invitation's input schema (issue 16); the team's codes and messages are in team-members.ts. */

export const invitationInputSchema = z
  .object({
    kind: z.enum(MEMBER_KINDS).default('professional'),
    professionalId: z.string().min(1).max(100).optional(),
    email: z.string().trim().toLowerCase().email('Enter a valid e-mail address.').max(254).optional(),
    teamRole: z.enum(TEAM_ROLES, { message: 'Choose a role on the team.' }),
    note: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (!input.professionalId && !input.email) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Choose a professional or enter an e-mail address.' });
    }
    if (input.kind === 'family' && input.teamRole !== 'family_member') {
      ctx.addIssue({ code: 'custom', path: ['teamRole'], message: 'Relatives join as family members.' });
    }
    if (input.kind === 'professional' && input.teamRole === 'family_member') {
      ctx.addIssue({ code: 'custom', path: ['teamRole'], message: 'Choose the professional’s role on the team.' });
    }
    if (input.kind === 'family' && input.professionalId) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'Invite a relative by e-mail.' });
    }
  });
export type InvitationInput = z.input<typeof invitationInputSchema>;

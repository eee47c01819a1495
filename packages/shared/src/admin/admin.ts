import { z } from 'zod';
import { ROLES } from '../roles';

/**
 * The admin area's contracts (issue 8), shared by the API's validation and the web's forms.
 * Every admin endpoint lives under /api/admin and answers 401 signed out, 403 for any role but admin.
 */

/** What the audit log records; one entry per admin action, written with the change itself. */
export const ADMIN_AUDIT_ACTIONS = [
  'user.role_changed',
  'user.deleted',
  'support_request.status_changed',
  'training_certificate.revoked',
  'training_certificate.reissue_allowed',
  // Issue 22: an admin turned off a user's two-factor sign-in after checking who asked; a user
  // deleted their own account (the same complete deletion as an admin's).
  'user.two_factor_reset',
  'user.self_deleted',
  'notification_job.retried',
  // Issue 19: an admin hid a shared family story from the legacy page (with a reason), or showed it again.
  'legacy_story.hidden',
  'legacy_story.unhidden',
  // Issue 20: message-board moderation and document verification.
  'board_post.hidden',
  'board_post.restored',
  'board_post.reports_dismissed',
  'professional_document.verified',
  'professional_document.unverified',
  'support_request.replied',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_USERS_PAGE_SIZE = 20;
export const MAX_ADMIN_SEARCH_CHARS = 100;

/** `GET /api/admin/users?search=&role=&page=`: page numbers start at 1. */
export const adminUsersQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(MAX_ADMIN_SEARCH_CHARS, `Search for at most ${MAX_ADMIN_SEARCH_CHARS} characters.`)
    .optional()
    .default(''),
  role: z.enum(ROLES).optional(),
  page: z.coerce.number().int('Page is a whole number.').min(1, 'Pages start at 1.').max(10_000).optional().default(1),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

/** `PATCH /api/admin/users/:userId/role`. */
export const adminRoleChangeSchema = z.object({
  role: z.enum(ROLES, { error: 'Choose one of family, professional, community or admin.' }),
});
export type AdminRoleChange = z.infer<typeof adminRoleChangeSchema>;

export const ADMIN_MESSAGES = {
  cannotDeleteSelf: 'You cannot delete your own account from the admin area.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another admin.',
  userNotFound: 'That user no longer exists. The list has been refreshed.',
} as const;

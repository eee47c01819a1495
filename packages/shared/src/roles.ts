/** Every role a user can hold. `admin` is never chosen at sign-up; see PUBLIC_ROLES. */
export const ROLES = ['family', 'professional', 'community', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The roles a visitor may pick for themselves (spec §1; admin is granted, never chosen). */
export const PUBLIC_ROLES = ['family', 'professional', 'community'] as const;
export type PublicRole = (typeof PUBLIC_ROLES)[number];

export const DEFAULT_ROLE: PublicRole = 'family';

export const ROLE_LABELS: Record<Role, string> = {
  family: 'Family Member',
  professional: 'Care Professional',
  community: 'Community Member',
  admin: 'Administrator',
};

export const ROLE_DASHBOARD_PATHS: Record<Role, string> = {
  family: '/dashboard/family',
  professional: '/dashboard/professional',
  community: '/dashboard/community',
  admin: '/dashboard/admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPublicRole(value: unknown): value is PublicRole {
  return typeof value === 'string' && (PUBLIC_ROLES as readonly string[]).includes(value);
}

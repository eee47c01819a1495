import type { Role } from '../roles';

/** A row of `profiles` (spec §3), as the API sends it: column names, ISO timestamps. */
export interface Profile {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  role: Role;
  professional_type: string | null;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  location: string | null;
  /** When the role's registration form was first saved (null: never). */
  registered_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * Spec §4 "Profile complete": full_name present, or both first_name and last_name present — and,
 * for the public roles, the role's registration form saved (`registered_at`). Sign-up already
 * gives every profile its names, so without the second half nobody would ever be sent on to
 * "complete your {role} profile" (the spec's own sign-up message; issue 6). Admins have no form.
 * No profile at all is incomplete.
 */
export function isProfileComplete(
  profile: Pick<Profile, 'full_name' | 'first_name' | 'last_name' | 'role' | 'registered_at'> | null | undefined,
): boolean {
  if (!profile) return false;
  const present = (value: string | null) => Boolean(value?.trim());
  const named = present(profile.full_name) || (present(profile.first_name) && present(profile.last_name));
  return named && (profile.role === 'admin' || profile.registered_at !== null);
}

/**
 * Prefixes of `POST /api/profile/ensure` failures (spec §8: "Profile-ensure failures return
 * success false with text prefixed …"). The web can branch on the prefix.
 */
export const ENSURE_PROFILE_ERRORS = {
  authentication: 'Authentication error',
  noSession: 'No active authentication session',
  database: 'Database error',
  update: 'Profile update error',
  creation: 'Profile creation error',
  unexpected: 'Unexpected error',
} as const;

export type EnsureProfileResult =
  { success: true; created: boolean; profile: Profile } | { success: false; error: string };

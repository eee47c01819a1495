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
  created_at: string;
  updated_at: string;
}

/**
 * Spec §4 "Profile complete": full_name present, or both first_name and last_name present.
 * No profile at all is incomplete.
 */
export function isProfileComplete(
  profile: Pick<Profile, 'full_name' | 'first_name' | 'last_name'> | null | undefined,
): boolean {
  if (!profile) return false;
  const present = (value: string | null) => Boolean(value?.trim());
  return present(profile.full_name) || (present(profile.first_name) && present(profile.last_name));
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

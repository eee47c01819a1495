/**
 * The URL a user's profile photo is served at (`GET /api/registration/photo/:userId`); `v`
 * changes with each upload (it is taken from the stored file name) so caches refresh.
 */
export function profilePhotoUrl(userId: string, file: string): string {
  return `/api/registration/photo/${encodeURIComponent(userId)}?v=${encodeURIComponent(file.split('.')[0]?.slice(-8) ?? '')}`;
}

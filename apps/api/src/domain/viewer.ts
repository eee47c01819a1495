/** The signed-in person asking, as every feature's service takes them. */
export interface Viewer {
  id: string;
  role?: string | null | undefined;
  email: string;
  emailVerified?: boolean;
}

/** The viewer from the request's signed-in user (set by requireUser): the server's record, never client input. */
export function viewerOf(c: {
  get(key: 'user'): { id: string; role?: string | null; email: string; emailVerified?: boolean };
}): Viewer {
  const u = c.get('user');
  return { id: u.id, role: u.role, email: u.email, emailVerified: u.emailVerified };
}

import type { PlanContext } from './plan-context';

/** The signed-in person asking, as every feature's service takes them. */
export interface Viewer {
  id: string;
  role?: string | null | undefined;
  email: string;
  emailVerified?: boolean;
  /** The plan of the path, as the route's `plan.member()` / `plan.owner()` checked it for this viewer. */
  checkedPlan?: PlanContext;
}

/**
 * The viewer from the request's signed-in user (set by the route's `allow…`, auth/allow.ts): the
 * server's record, never client input — with the plan the route checked, when it did.
 */
export function viewerOf(c: {
  get(key: 'user'): { id: string; role?: string | null; email: string; emailVerified?: boolean };
  var: object;
}): Viewer {
  const u = c.get('user');
  const checkedPlan = (c.var as { plan?: PlanContext }).plan;
  return {
    id: u.id,
    role: u.role,
    email: u.email,
    emailVerified: u.emailVerified,
    ...(checkedPlan ? { checkedPlan } : {}),
  };
}

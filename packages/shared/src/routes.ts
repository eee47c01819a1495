/**
 * The route table of spec §2, exactly (plus the entries marked `beyondSpec`): every path the web app answers, with its page title.
 * `{param}` in the spec is written `:param` here (React Router's syntax). The web router is
 * built from this table and the end-to-end suite walks it, so a path cannot be forgotten by one
 * side only.
 */
export interface RouteEntry {
  /** React Router path pattern. */
  readonly path: string;
  /** Page title (also the browser tab title, followed by the product name). */
  readonly title: string;
  /** Which area of the product owns the page; used to group the code and the tests. */
  readonly area: 'public' | 'auth' | 'dashboard' | 'admin' | 'registration' | 'family' | 'professional' | 'community';
  /** Not in the spec's table: added by an issue (which it names). */
  readonly beyondSpec?: string;
}

export const ROUTES = [
  { path: '/', title: 'Home', area: 'public' },
  { path: '/auth', title: 'Sign in', area: 'auth' },
  { path: '/auth/reset-password', title: 'Reset your password', area: 'auth' },
  { path: '/auth/reset-password/confirm', title: 'Set a new password', area: 'auth' },
  { path: '/features', title: 'Shape Our Future Features', area: 'public' },
  { path: '/about', title: 'About us', area: 'public' },
  { path: '/dashboard/admin', title: 'Admin Dashboard', area: 'admin' },
  { path: '/dashboard/family', title: 'Family Dashboard', area: 'dashboard' },
  { path: '/dashboard/community', title: 'Community Dashboard', area: 'dashboard' },
  { path: '/dashboard/professional', title: 'Professional Dashboard', area: 'dashboard' },
  { path: '/admin/user-journey', title: 'User Journey', area: 'admin' },
  { path: '/registration/family', title: 'Family registration', area: 'registration' },
  { path: '/registration/professional', title: 'Professional registration', area: 'registration' },
  { path: '/registration/professional-fix', title: 'Professional registration', area: 'registration' },
  { path: '/registration/community', title: 'Community registration', area: 'registration' },
  { path: '/community/features-overview', title: 'Community features', area: 'community' },
  { path: '/professional/features-overview', title: 'Professional features', area: 'professional' },
  { path: '/family/features-overview', title: 'Family features', area: 'family' },
  { path: '/professional/message-board', title: 'Professional message board', area: 'professional' },
  { path: '/professional/training-resources', title: 'Training resources', area: 'professional' },
  { path: '/professional/profile', title: 'Professional profile', area: 'professional' },
  { path: '/professional/schedule', title: 'Schedule', area: 'professional' },
  { path: '/professional/assignments/:planId', title: 'Assignment', area: 'professional' },
  { path: '/professional/module/:moduleId', title: 'Training module', area: 'professional' },
  { path: '/professional/training-resources/module/:moduleId', title: 'Training module', area: 'professional' },
  {
    path: '/professional/training-resources/module/:moduleId/lesson/:lessonId',
    title: 'Lesson',
    area: 'professional',
  },
  { path: '/family/message-board', title: 'Family message board', area: 'family' },
  { path: '/family/story', title: 'Family story', area: 'family' },
  { path: '/family/care-management', title: 'Care management', area: 'family' },
  { path: '/family/care-management/create', title: 'Create a care plan', area: 'family' },
  { path: '/family/care-management/create/:id', title: 'Edit a care plan', area: 'family' },
  { path: '/family/care-management/:id', title: 'Care plan', area: 'family' },
  { path: '/family/care-management/:carePlanId/medications', title: 'Medications', area: 'family' },
  { path: '/family/care-assessment', title: 'Care needs assessment', area: 'family' },
  { path: '/legacy-stories', title: 'Legacy stories', area: 'public' },
  { path: '/faq', title: 'Frequently asked questions', area: 'public' },
  { path: '/subscription', title: 'Subscription', area: 'public' },
  { path: '/subscription-features', title: 'Subscription features', area: 'public' },
  { path: '/caregiver-matching', title: 'Caregiver matching', area: 'public' },
  { path: '/caregiver/health', title: 'Caregiver health', area: 'public' },
  { path: '/family-matching', title: 'Family matching', area: 'public' },
  // Beyond the spec's table (issue 14, item 9): the consent question needs real documents.
  { path: '/terms', title: 'Terms of Service', area: 'public', beyondSpec: 'issue 14' },
  { path: '/privacy', title: 'Privacy Policy', area: 'public', beyondSpec: 'issue 14' },
  // Beyond the spec's table (issue 21): a module's quiz, and the public page where anyone
  // checks a training certificate's code (the PDF links to it).
  {
    path: '/professional/training-resources/module/:moduleId/quiz',
    title: 'Module quiz',
    area: 'professional',
    beyondSpec: 'issue 21',
  },
  { path: '/verify-certificate', title: 'Verify a training certificate', area: 'public', beyondSpec: 'issue 21' },
  { path: '/verify-certificate/:code', title: 'Verify a training certificate', area: 'public', beyondSpec: 'issue 21' },
  // Beyond the spec's table (issue 22), ours: the person's own account — profile, e-mail,
  // password, two-factor sign-in, signed-in devices, export and deletion of their data.
  { path: '/account', title: 'Your account', area: 'auth', beyondSpec: 'issue 22' },
  // Beyond the spec's table (issue 18, notifications — ours): per-kind e-mail preferences, and the
  // page an e-mail's unsubscribe link opens (signed in or not).
  { path: '/settings/notifications', title: 'Notification settings', area: 'dashboard', beyondSpec: 'issue 18' },
  { path: '/notifications/unsubscribe', title: 'Unsubscribe', area: 'public', beyondSpec: 'issue 18' },
  // Beyond the spec's table (issue 30, the village): the circles someone is in and their
  // invitations, and a plan's care circle with its help requests.
  { path: '/circles', title: 'Care circles', area: 'dashboard', beyondSpec: 'issue 30' },
  { path: '/circle/:planId', title: 'Care circle', area: 'dashboard', beyondSpec: 'issue 30' },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** Fills `:param` segments, e.g. `/professional/assignments/:planId` → `/professional/assignments/demo`. */
export function fillRouteParams(path: string, value = 'example'): string {
  return path.replace(/:[A-Za-z]+/g, value);
}

/**
 * Spec §2 "Redirect handling", as a pure function of the current URL: `?route=X` → `/X`
 * (other query parameters kept), and a hash beginning `#/auth/reset-password/confirm` → that
 * path with its query string. Returns undefined when no redirect applies. The target is always
 * a same-site path: control characters, whitespace and leading slashes and backslashes are
 * stripped so `?route=//evil.example` (or `%09//evil.example`) cannot become a protocol-relative URL.
 */
export function legacyRedirectTarget(url: { pathname: string; search: string; hash: string }): string | undefined {
  const hashPrefix = '#/auth/reset-password/confirm';
  if (url.hash.startsWith(hashPrefix)) {
    const rest = url.hash.slice(hashPrefix.length);
    if (rest === '' || rest.startsWith('?')) {
      const query = rest.startsWith('?') ? rest : url.search;
      return `/auth/reset-password/confirm${query === '?' ? '' : query}`;
    }
  }
  const params = new URLSearchParams(url.search);
  const route = params.get('route');
  if (route === null) return undefined;
  params.delete('route');
  // Browsers drop tabs and newlines from URLs, so `\t//evil.example` would become `//evil.example`
  // after our check (and pushState to another origin throws: a blank app). Control characters and
  // whitespace go first, then leading slashes (issue 13).
  const cleaned = route
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\s]/g, '')
    .replace(/\\/g, '/')
    .replace(/^\/+/, '');
  const [pathPart = '', queryPart] = cleaned.split('?', 2);
  const merged = new URLSearchParams(queryPart);
  params.forEach((value, key) => merged.append(key, value));
  const query = merged.toString();
  return `/${pathPart}${query ? `?${query}` : ''}`;
}

import { matchRoutes, useLocation } from 'react-router';
import { ROUTES } from '@tavara/shared/routes';

const TITLE_ROUTES = ROUTES.map(({ path, title }) => ({ path, title }));

/** The title of the route-table entry matching the current URL (undefined on not-found). */
export function useRouteTitle(): string | undefined {
  const location = useLocation();
  const matches = matchRoutes(TITLE_ROUTES, location);
  return matches?.[matches.length - 1]?.route.title;
}

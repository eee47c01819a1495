import { Hammer } from 'lucide-react';
import { lazy } from 'react';
import { Link, useLocation } from 'react-router';
import { retryImport } from '@/lib/lazy-with-retry';
import { useRouteTitle } from '@/lib/route-title';
import { Button } from '@/components/ui/button';

/**
 * Pages built since the route table's entries reached the landing page's byte budget (100 kB gzip
 * first load, app/router.tsx): they load from here, each its own chunk, at no cost to the landing
 * page. Move them into the router's PAGES when the budget has room.
 */
const BUILT: Partial<Record<string, ReturnType<typeof lazy>>> = {
  '/family/care-assessment': lazy(() => retryImport(() => import('./family/care-assessment-route'))),
  '/family/story': lazy(() => retryImport(() => import('./family/family-story-route'))),
  '/legacy-stories': lazy(() => retryImport(() => import('./legacy-stories-route'))),
  '/subscription': lazy(() => retryImport(() => import('./subscription-route'))),
  '/subscription-features': lazy(() => retryImport(() => import('./subscription-features-route'))),
};

/**
 * The honest placeholder for a page of the route table whose feature is not built yet: its
 * title and a plain panel saying so, with somewhere useful to go.
 */
export default function BeingBuiltPage() {
  const title = useRouteTitle() ?? 'This page';
  const Built = BUILT[useLocation().pathname.replace(/\/+$/, '')];
  if (Built) return <Built />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      <section
        aria-labelledby="being-built-heading"
        className="rounded-card border border-dashed border-line bg-surface p-6 shadow-sm"
      >
        <div className="flex items-start gap-4">
          <Hammer aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand" />
          <div>
            <h2 id="being-built-heading" className="text-xl font-semibold">
              This page is being built
            </h2>
            <p className="mt-2 text-ink-muted">
              We are still working on this part of the service. Nothing here is ready to use yet, and we would rather
              tell you than show you something that does not work.
            </p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Button asChild>
                <Link to="/">Go to the home page</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/features">Vote for what we build next</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}

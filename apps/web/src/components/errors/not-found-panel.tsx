import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** The not-found screen: for paths outside the route table, and pages that do not exist here. */
export function NotFoundPanel() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <SearchX aria-hidden="true" className="mx-auto mb-4 size-12 text-ink-muted" />
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-3 text-ink-muted">
        We could not find that page. The link may be old, or the address may have a typing mistake.
      </p>
      <Button asChild className="mt-6">
        <Link to="/">Go to the home page</Link>
      </Button>
    </div>
  );
}

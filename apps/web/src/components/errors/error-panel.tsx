import { RefreshCwIcon } from '@/components/ui/icons';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A calm full-width error message with a Refresh Page action (used by the error screens). */
export function ErrorPanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="mx-auto my-12 max-w-xl rounded-card border border-line bg-surface p-8 text-center shadow-sm"
    >
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      {children}
      <Button className="mt-6" onClick={() => window.location.reload()}>
        <RefreshCwIcon aria-hidden="true" className="size-5" />
        Refresh Page
      </Button>
    </div>
  );
}

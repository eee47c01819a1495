import { lazy, Suspense } from 'react';
import { useToastHostWanted } from '@/lib/toast';

const Toaster = lazy(() => import('./toaster'));

/** Mounts sonner's Toaster only after the first toast is requested (see lib/toast.ts). */
export function ToastHost() {
  const wanted = useToastHostWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

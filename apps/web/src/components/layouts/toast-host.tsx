import { Suspense } from 'react';
import { lazyWithRetry } from '@/lib/lazy-with-retry';
import { preloadToasts, useToastHostWanted } from '@/lib/toast';

const loadToaster = () => import('./toaster');
// A failed download shows nothing rather than breaking the app (it sits outside the pages' error
// boundary); it is tried again when the connection is back.
const Toaster = lazyWithRetry(loadToaster, () => null, 'Toasts');
preloadToasts(loadToaster);

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

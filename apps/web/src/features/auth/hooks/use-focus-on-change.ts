import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element whenever `key` changes (not on the first render): when a
 * form is replaced by its result, keyboard and screen-reader users land on the new heading
 * instead of on a button that no longer exists.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    ref.current?.focus();
  }, [key]);
  return ref;
}

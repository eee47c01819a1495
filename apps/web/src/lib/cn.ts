import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. Components expose variants instead of relying on a later class overriding
 * an earlier one (no tailwind-merge: it would cost ~9 kB gzip on every page's first load).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}

import type { PublicRole } from '@tavara/shared/roles';

export type ChartTone = 'brand' | PublicRole;

/**
 * Bar colours per tone, written out in full so Tailwind finds the class names. Role colours
 * follow the design tokens: family blue, professional green, community amber.
 */
export const TONES: Record<ChartTone, { bar: string; track: string; reached: string; text: string }> = {
  brand: { bar: 'bg-brand', track: 'bg-brand-soft', reached: 'bg-brand/35', text: 'text-brand' },
  family: { bar: 'bg-family', track: 'bg-family-soft', reached: 'bg-family/35', text: 'text-family' },
  professional: {
    bar: 'bg-professional',
    track: 'bg-professional-soft',
    reached: 'bg-professional/35',
    text: 'text-professional',
  },
  community: { bar: 'bg-community', track: 'bg-community-soft', reached: 'bg-community/35', text: 'text-community' },
};

/** Whole-number share of `base`; 0 when there is nothing to share. */
export function percentOf(count: number, base: number): number {
  return base > 0 ? Math.round((count / base) * 100) : 0;
}

/** 'care_location' → 'Care location'. */
export function humanizeQuestionId(id: string): string {
  const words = id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

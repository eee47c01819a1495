import { cloneElement, isValidElement, type ButtonHTMLAttributes, type ComponentProps, type ReactElement } from 'react';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';

const VARIANTS = {
  primary: 'bg-brand text-white hover:bg-brand-strong',
  secondary: 'bg-surface text-ink border border-line hover:bg-brand-soft',
  /** The professional role's green (training, professional pages): white on #15803d is 5:1. */
  professional: 'bg-professional text-white hover:bg-success',
  ghost: 'text-ink hover:bg-brand-soft',
  /** An action that reads like a link (e.g. 'Forgot password?'), still a 24 px+ target. */
  link: 'text-brand underline underline-offset-4 hover:text-brand-strong hover:decoration-2',
} as const;

const SIZES = {
  // 44 px tall by default: comfortable for older hands (WCAG asks for ≥ 24 px).
  md: 'min-h-11 px-4 text-base',
  // 36 px with a mouse; 44 px on a touch screen, where a fingertip needs the room.
  sm: 'min-h-9 px-3 text-sm pointer-coarse:min-h-11',
} as const;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** Render the child element (e.g. a router Link) with button styling. */
  asChild?: boolean;
}

/**
 * `asChild`: the one child element (a router Link) takes the button's classes and props, its own
 * props winning and class names joined. A few lines instead of Radix's Slot, which would add
 * ~2 kB gzip to every page's first load for this one use.
 */
function Slot({ children, className, ...props }: ButtonHTMLAttributes<HTMLElement>) {
  if (!isValidElement(children)) return null;
  const child = children as ReactElement<{ className?: string }>;
  return cloneElement(child, { ...props, ...child.props, className: cn(className, child.props.className) });
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  disabled,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  // A prerendered page's buttons wait for hydration (lib/use-hydrated): disabled, but not drawn
  // faded, so the first paint looks as it will. Links (asChild) work without script.
  const hydrating = !useHydrated() && !asChild;
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        // aria-disabled: a busy submit button keeps its focus (a disabled one would drop it to the page).
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors aria-disabled:cursor-wait aria-disabled:opacity-70',
        !hydrating && 'disabled:cursor-not-allowed disabled:opacity-60',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      disabled={disabled || hydrating || undefined}
      {...props}
    />
  );
}

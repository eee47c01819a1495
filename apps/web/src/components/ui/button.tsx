import { cloneElement, isValidElement, type ButtonHTMLAttributes, type ReactElement } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  primary: 'bg-brand text-white hover:bg-brand-strong',
  secondary: 'bg-surface text-ink border border-line hover:bg-brand-soft',
  ghost: 'text-ink hover:bg-brand-soft',
  /** An action that reads like a link (e.g. 'Forgot password?'), still a 24 px+ target. */
  link: 'text-brand underline underline-offset-4 hover:text-brand-strong hover:decoration-2',
} as const;

const SIZES = {
  // 44 px tall by default: comfortable for older hands (WCAG asks for ≥ 24 px).
  md: 'min-h-11 px-4 text-base',
  sm: 'min-h-9 px-3 text-sm',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
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

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        // aria-disabled: a busy submit button keeps its focus (a disabled one would drop it to the page).
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-70',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}

import type { ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';

export interface AuthCardProps {
  title: string;
  /** Receives focus when the card's view changes (the heading has tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Heading level: 1 for a page's own card, 2 for a view inside a page. */
  level?: 1 | 2;
  description?: ReactNode;
  icon?: ReactNode;
  /** Placed at the top left, above the heading (e.g. a back arrow). */
  back?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/** The calm centred card every accounts screen sits in, readable on a 360 px phone. */
export function AuthCard({
  title,
  titleRef,
  level = 1,
  description,
  icon,
  back,
  children,
  footer,
  className,
}: AuthCardProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={cn('rounded-card border border-line bg-surface shadow-sm', className)}>
      <header className="px-5 pt-6 text-center sm:px-8">
        {back && <div className="-mt-2 mb-2 flex">{back}</div>}
        {/* On a phone the header already carries the brand mark; without the icon the form's last
            controls stay above the toasts' band at the bottom of a 740 px screen (issue 31). */}
        {icon && (
          <div
            aria-hidden="true"
            className="mx-auto mb-3 flex size-12 max-sm:hidden items-center justify-center rounded-full bg-brand-soft text-brand"
          >
            {icon}
          </div>
        )}
        <Heading ref={titleRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
          {title}
        </Heading>
        {description && <p className="mt-2 text-ink-muted">{description}</p>}
      </header>
      <div className="px-5 pt-5 pb-6 sm:px-8">{children}</div>
      {footer && <footer className="border-t border-line px-5 py-4 sm:px-8">{footer}</footer>}
    </section>
  );
}

/** The page frame around an auth card: centred, narrow, with room above and below. */
export function AuthPageFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 py-5 sm:py-12">{children}</div>;
}

import { Check, LogIn, MessageCircle, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_LABELS, type PublicRole } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { ROLE_DASHBOARD_CONTENT } from '../dashboard-content';
import { signUpPath } from '../dashboard-links';

export interface SignedOutWelcomeProps {
  role: PublicRole;
  title: string;
  /** Opens the registration chat on this role (given by the app, which joins the two features). */
  onStartChat?: () => void;
}

/**
 * A signed-out visitor on a role's dashboard: a welcome in the role's colour, what the role can
 * do here today, and the ways in — sign in, create an account for this role, or start the chat.
 */
export function SignedOutWelcome({ role, title, onStartChat }: SignedOutWelcomeProps) {
  const content = ROLE_DASHBOARD_CONTENT[role];
  const { Icon, accent } = content;
  return (
    <section
      aria-labelledby="dashboard-title"
      className={cn('overflow-hidden rounded-card border-t-8 bg-surface shadow-sm', accent.border)}
    >
      <div className={cn('px-5 py-8 sm:px-8', accent.soft)}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <span className={cn('grid size-14 shrink-0 place-items-center rounded-full text-white', accent.bg)}>
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <div className="min-w-0">
            <h1 id="dashboard-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {title}
            </h1>
            <p className="mt-1 text-xl font-semibold">{content.welcome}</p>
          </div>
        </div>
        <p className="mt-5 max-w-3xl text-lg">{content.intro}</p>
      </div>
      <div className="grid gap-8 px-5 py-6 sm:px-8 md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <h2 className="text-xl font-bold">What you can do here today</h2>
          <ul className="mt-3 space-y-2">
            {content.availableNow.map((item) => (
              <li key={item} className="flex gap-2.5">
                <Check aria-hidden="true" className={cn('mt-1 size-5 shrink-0', accent.text)} />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-ink-muted">
            Sign in to see your own dashboard: your details, your next steps and your votes.
          </p>
        </div>
        <div className="flex flex-col gap-3 md:w-80">
          <Link
            to="/auth"
            className={cn(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white hover:opacity-90',
              accent.bg,
            )}
          >
            <LogIn aria-hidden="true" className="size-5" />
            Sign in
          </Link>
          <Button asChild variant="secondary">
            <Link to={signUpPath(role)}>
              <UserPlus aria-hidden="true" className="size-5" />
              Create an account
              <span className="sr-only"> as a {ROLE_LABELS[role].toLowerCase()}</span>
            </Link>
          </Button>
          {onStartChat && (
            <Button variant="secondary" onClick={onStartChat}>
              <MessageCircle aria-hidden="true" className="size-5" />
              {content.chatLabel}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

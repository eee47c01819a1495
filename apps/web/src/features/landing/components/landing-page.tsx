import {
  ArrowRightIcon,
  CheckIcon,
  HandHeartIcon,
  HeartHandshakeIcon,
  StethoscopeIcon,
  UsersIcon,
  VoteIcon,
} from '@/components/ui/icons';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { PublicRole } from '@tavara/shared/roles';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import { toast } from '@/lib/toast';
import {
  COMMUNITY_SECTION,
  FUTURE_FEATURES_CARD,
  HERO,
  ROLE_CARDS,
  ROLES_SECTION,
  roleWelcomeToast,
  type RoleCard,
} from '../landing-content';

// Only with ?debug=true: never part of a normal first load.
const DebugPanel = lazy<ComponentType>(() =>
  import('./debug-panel').catch((error: unknown) => {
    console.warn('The debug panel failed to load', error);
    return { default: () => null };
  }),
);

const ROLE_STYLE: Record<PublicRole, { icon: typeof UsersIcon; soft: string; text: string; cta: string; bar: string }> =
  {
    family: { icon: UsersIcon, soft: 'bg-family-soft', text: 'text-family', cta: 'bg-family', bar: 'border-t-family' },
    professional: {
      icon: StethoscopeIcon,
      soft: 'bg-professional-soft',
      text: 'text-professional',
      cta: 'bg-professional',
      bar: 'border-t-professional',
    },
    community: {
      icon: HandHeartIcon,
      soft: 'bg-community-soft',
      text: 'text-community',
      cta: 'bg-community',
      bar: 'border-t-community',
    },
  };

function scrollToRoles() {
  const section = document.getElementById(ROLES_SECTION.id);
  if (!section) return;
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  // Keyboard and screen-reader users land where the page scrolled to.
  section.focus({ preventScroll: true });
}

function RoleCardView({ card, bubble }: { card: RoleCard; bubble: ReactNode }) {
  const style = ROLE_STYLE[card.role];
  const Icon = style.icon;
  const headingId = `role-card-${card.role}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn('flex flex-col rounded-card border border-t-4 border-line bg-surface p-6 shadow-sm', style.bar)}
    >
      <div className="flex items-start justify-between gap-3">
        <span className={cn('grid size-12 place-items-center rounded-full', style.soft, style.text)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {bubble}
      </div>
      <h3 id={headingId} className="mt-4 text-2xl font-bold">
        {card.title}
      </h3>
      <p className="mt-1 text-ink-muted">{card.tagline}</p>
      <ul className="mt-5 flex-1 space-y-2.5">
        {card.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <CheckIcon aria-hidden="true" className={cn('mt-1 size-5 shrink-0', style.text)} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Link
        to={card.to}
        onClick={() => toast.info(roleWelcomeToast(card.title))}
        className={cn(
          'mt-6 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-center font-semibold text-white transition-opacity hover:opacity-90',
          style.cta,
        )}
      >
        {card.cta}
        <ArrowRightIcon aria-hidden="true" className="size-5 shrink-0" />
      </Link>
    </li>
  );
}

/**
 * The landing page (spec §2): hero, the three role cards with their chat bubbles, community
 * engagement and the feature-voting card. Static content only — no data fetching — so its first
 * load stays small. `renderRoleBubble` comes from the app (a feature never imports another).
 */
export function LandingPage({ renderRoleBubble }: { renderRoleBubble: (role: PublicRole) => ReactNode }) {
  const { search } = useLocation();
  const debug = new URLSearchParams(search).get('debug') === 'true';
  const hydrated = useHydrated();
  return (
    <div>
      <section className="border-b border-line bg-gradient-to-b from-brand-soft to-canvas">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center md:py-20">
          <p className="inline-flex items-center gap-2 rounded-full border border-brand/20 bg-surface px-4 py-1.5 text-sm font-semibold text-brand-strong">
            <HeartHandshakeIcon aria-hidden="true" className="size-4" />
            {HERO.badge}
          </p>
          <h1 className="mt-6 text-5xl font-bold tracking-tight md:text-6xl">{HERO.title}</h1>
          <p className="mt-3 text-2xl font-semibold text-brand-strong">{HERO.tagline}</p>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-ink-muted">{HERO.intro}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              // Prerendered: it waits for hydration, so a tap before it is not lost.
              disabled={!hydrated || undefined}
              onClick={scrollToRoles}
              className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-brand px-6 text-lg font-semibold text-white hover:bg-brand-strong"
            >
              {HERO.getStarted}
              <ArrowRightIcon aria-hidden="true" className="size-5" />
            </button>
            <Link
              to="/about"
              className="inline-flex min-h-12 items-center rounded-lg border border-line bg-surface px-6 text-lg font-semibold hover:bg-brand-soft"
            >
              {HERO.learnMore}
            </Link>
          </div>
        </div>
      </section>

      <section
        id={ROLES_SECTION.id}
        tabIndex={-1}
        aria-labelledby="roles-title"
        className="mx-auto max-w-6xl scroll-mt-4 px-4 py-14 focus:outline-none"
      >
        <h2 id="roles-title" className="text-center text-3xl font-bold">
          {ROLES_SECTION.title}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-ink-muted">{ROLES_SECTION.intro}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {ROLE_CARDS.map((card) => (
            <RoleCardView key={card.role} card={card} bubble={renderRoleBubble(card.role)} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="community-title" className="border-y border-line bg-surface">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="community-title" className="text-3xl font-bold">
            {COMMUNITY_SECTION.title}
          </h2>
          <p className="mt-3 max-w-3xl text-ink-muted">{COMMUNITY_SECTION.intro}</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {COMMUNITY_SECTION.items.map((item) => (
              <li key={item.title} className="rounded-card bg-community-soft/60 p-5">
                <h3 className="text-lg font-semibold">{item.title}</h3>
                <p className="mt-1 text-ink-muted">{item.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-ink-muted">{COMMUNITY_SECTION.note}</p>
          <Link
            to={COMMUNITY_SECTION.link.to}
            className="mt-3 inline-flex min-h-11 items-center gap-2 font-semibold text-community underline-offset-4 hover:underline"
          >
            {COMMUNITY_SECTION.link.label}
            <ArrowRightIcon aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </section>

      <section aria-labelledby="future-title" className="mx-auto max-w-6xl px-4 py-14">
        <div className="flex flex-col gap-6 rounded-card border border-brand/20 bg-brand-soft p-6 md:flex-row md:items-center md:p-10">
          <span className="grid size-14 shrink-0 place-items-center rounded-full bg-brand text-white">
            <VoteIcon aria-hidden="true" className="size-7" />
          </span>
          <div className="flex-1">
            <h2 id="future-title" className="text-2xl font-bold">
              {FUTURE_FEATURES_CARD.title}
            </h2>
            <p className="mt-1 text-ink-muted">{FUTURE_FEATURES_CARD.text}</p>
            <ul className="mt-3 space-y-1.5">
              {FUTURE_FEATURES_CARD.points.map((point) => (
                <li key={point} className="flex gap-2">
                  <CheckIcon aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <Link
            to={FUTURE_FEATURES_CARD.to}
            className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
          >
            {FUTURE_FEATURES_CARD.cta}
            <ArrowRightIcon aria-hidden="true" className="size-5" />
          </Link>
        </div>
      </section>

      {debug && (
        <Suspense fallback={null}>
          <DebugPanel />
        </Suspense>
      )}
    </div>
  );
}

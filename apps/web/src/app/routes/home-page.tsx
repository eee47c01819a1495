import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@tavara/shared/product';
import { PUBLIC_ROLES, ROLE_LABELS } from '@tavara/shared/roles';
import { Button } from '@/components/ui/button';
import { RoleChatBubble } from '@/features/registration-chat/role-chat-bubble';

/**
 * A plain welcome until the landing issue builds the full page (role cards, chat bubbles,
 * community section).
 */
export default function HomePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 text-center">
      <HeartHandshake aria-hidden="true" className="mx-auto mb-4 size-14 text-brand" />
      <h1 className="text-4xl font-bold tracking-tight">{PRODUCT_NAME}</h1>
      <p className="mt-2 text-xl text-ink-muted">{PRODUCT_TAGLINE}</p>
      <p className="mx-auto mt-6 max-w-xl">
        Families in Trinidad and Tobago finding care for a loved one, care professionals finding work and training, and
        neighbours who want to help — in one place. The full home page is being built.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/auth">Sign In</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/about">About us</Link>
        </Button>
      </div>
      {/* Until the landing issue places a bubble on each role card. The chat loads on the click. */}
      <section aria-labelledby="talk-to-assistant" className="mt-12">
        <h2 id="talk-to-assistant" className="text-lg font-semibold">
          Talk to our assistant
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-8">
          {PUBLIC_ROLES.map((role) => (
            <li key={role} className="flex flex-col items-center gap-2">
              <RoleChatBubble role={role} />
              <span className="text-sm text-ink-muted">{ROLE_LABELS[role]}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

import { CircleCheck, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { useChatContact } from '../chat-contact';

/**
 * Spec §2's panel for a completed chat, told truthfully (issue 14, item 2): no account exists
 * yet for a visitor, so it says what is saved (the answers, on this device and with this chat)
 * and makes the next step — creating the account, which fills in the form — the main button.
 */
export function ChatThankYou({
  onStartNewChat,
  onFinishRegistration,
  isHandingOver,
}: {
  onStartNewChat: () => void;
  onFinishRegistration: () => void;
  isHandingOver: boolean;
}) {
  const headingId = useId();
  const { whatsAppUrl, emailUrl } = useChatContact();
  const { user } = useAuth();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-success-soft p-4 text-center"
      data-testid="chat-thank-you"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-10 text-success" />
      <h3 id={headingId} className="mt-2 text-xl font-bold">
        Thank You!
      </h3>
      <p className="mt-1">
        {user
          ? 'Your answers are saved with this chat.'
          : 'Your answers are saved on this device and with this chat. Your registration is not finished yet.'}
      </p>
      <h4 className="mt-4 font-semibold">What happens next?</h4>
      <p className="mt-1">
        {user
          ? 'Check your answers on your registration form and submit it. Our team will then review your information and get back to you.'
          : 'Create your free account to finish: we fill your registration form in with these answers. Our team will then review your information and get back to you.'}
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <Button onClick={onFinishRegistration} aria-disabled={isHandingOver || undefined}>
          <UserPlus aria-hidden="true" className="size-5" />
          {isHandingOver ? 'Preparing registration form...' : user ? 'Finish my registration' : 'Create my account'}
        </Button>
        <Button asChild variant="secondary">
          <a href={whatsAppUrl} target="_blank" rel="noopener noreferrer">
            Contact via WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="secondary">
          <a href={emailUrl}>Email Us</a>
        </Button>
        <Button variant="secondary" onClick={onStartNewChat}>
          Start a new chat
        </Button>
      </div>
    </section>
  );
}
